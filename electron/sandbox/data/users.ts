import type { SandboxUser } from '../state/types'

/**
 * Demo accounts. Passwords are documented (docs/sandbox.md) because this is a local demo
 * server; only scrypt hashes are stored (`scrypt$<salt hex>$<hash hex>`, Node's scrypt defaults
 * N=16384 r=8 p=1, 64-byte key), precomputed so that start-up does not spend ~50 ms per user.
 * users.test.ts checks every documented password against its hash.
 */

export type DemoRole =
  'main researcher' | 'coauthor' | 'reviewer' | 'group member' | 'outsider' | 'admin' | 'community'

export interface DemoAccount {
  username: string
  password: string
  name: string
  user_id: string
  role: DemoRole
}

interface UserSeed {
  username: string
  password: string
  first: string
  last: string
  affiliation: string
  address: string
  role: DemoRole
  userId: string
  hash: string
  admin?: boolean
}

const FHI = ['Fritz Haber Institute of the Max Planck Society', 'Faradayweg 4-6, 14195 Berlin']
const HU = ['Humboldt-Universität zu Berlin', 'Zum Großen Windkanal 2, 12489 Berlin']

const SEEDS: UserSeed[] = [
  {
    username: 'lena',
    password: 'lena-sandbox',
    first: 'Lena',
    last: 'Hoffmann',
    affiliation: FHI[0] as string,
    address: FHI[1] as string,
    role: 'main researcher',
    userId: 'd0c54230-9148-4279-b118-0a7183119f69',
    hash: 'scrypt$7db8044e4e9edd7cf882c58454a9ea86$c6d63a39e13c439594954b8fdceac23b3e68f049367d331b04b54aeaa77a2cbdc2178b0bc803a9a44b72fb4e09350d52522840ef02747303b5463f799ff0c795',
  },
  {
    username: 'omar',
    password: 'omar-sandbox',
    first: 'Omar',
    last: 'Haddad',
    affiliation: HU[0] as string,
    address: HU[1] as string,
    role: 'coauthor',
    userId: 'b98d9e83-1599-43bf-b142-ac641b668bff',
    hash: 'scrypt$73af79d69d2ad7d87fd65106adaf460e$7e3f17f1a7413a64cc7cd582cac57e2fff79c57c01591e9ec6137a63109a5b551205df791f9f61e8bebcfc338915f0ae5984d450c4dfc89c516399f633d9d9aa',
  },
  {
    username: 'mei',
    password: 'mei-sandbox',
    first: 'Mei',
    last: 'Chen',
    affiliation: 'Technical University of Munich',
    address: 'Arcisstraße 21, 80333 München',
    role: 'reviewer',
    userId: '6c7a5ff4-ba60-4d4f-99c2-dc95f61e8e87',
    hash: 'scrypt$c49af6ba0605f2d8e86e6c597c2a9bd6$a81726d5e571c90f79d86505279bebba4819b45b0e348df87cd5daf2bb9d150649981165fdac183291a0464a7b01834343e138d4fab4871316a96825a26154dc',
  },
  {
    username: 'sofia',
    password: 'sofia-sandbox',
    first: 'Sofia',
    last: 'Rossi',
    affiliation: FHI[0] as string,
    address: FHI[1] as string,
    role: 'group member',
    userId: '59630b33-9982-4fcc-b8b5-3a59c7b4086d',
    hash: 'scrypt$0263e06289bcec61c9f092d47ef711d5$c996f39e45a29e52f2f12897cdb47614251ab4243e1c7138e01af066fba203cc9c8a39d095d93cbea8f9f7ae92cb540f41310a105b91c828a5f10068216e4dbf',
  },
  {
    username: 'paul',
    password: 'paul-sandbox',
    first: 'Paul',
    last: 'Novak',
    affiliation: 'Charles University',
    address: 'Ovocný trh 5, 116 36 Praha 1',
    role: 'outsider',
    userId: '733a4e68-7e8c-4350-b635-778d8c43ad40',
    hash: 'scrypt$eac84c79bc9477cf7e60e53cce3dd434$2401ff067806dc72164fe23ecd84b9ed18856339e913c78e8330346c97a7cc1b1f9d67796714d695ef07345475506368b0764aa2d4a4804bef1f5f2c14298d28',
  },
  {
    username: 'admin',
    password: 'admin-sandbox',
    first: 'Sandbox',
    last: 'Admin',
    affiliation: 'NOMAD Desktop sandbox',
    address: '127.0.0.1',
    role: 'admin',
    userId: '215dfdf1-e440-4996-8b4b-7b93f704493f',
    hash: 'scrypt$31c268f9fba8d9925032f67d848f235e$f002f8f7ff36256db001c4b433b81a89b1d45073ea256a715a6e8a2c63efd226af88110fa1d148b403d07138aa3f65c384243e74e3bd8e3788fd15f4c50afb92',
    admin: true,
  },
  ...community(),
]

/** Authors of the public uploads from "other labs"; all share the password `community`. */
function community(): UserSeed[] {
  const rows: [string, string, string, string, string][] = [
    ['hkimura', 'Hiro', 'Kimura', 'Tohoku University', '5572dc5c-27b9-4b51-a8af-5081071c0f6e'],
    ['aberg', 'Astrid', 'Berg', 'Uppsala University', 'b4f17727-5592-405a-8439-4e790131fb72'],
    ['rdiaz', 'Rafael', 'Díaz', 'Universidad de Sevilla', '829d2a5d-2096-4b6b-a00a-8e758b0632e8'],
    [
      'nwanjiru',
      'Njeri',
      'Wanjiru',
      'University of Nairobi',
      '541b14d4-bae5-4cfd-b613-651d205ef5cd',
    ],
    ['tmoreau', 'Thomas', 'Moreau', 'EPFL', 'f00a0038-5cff-4a86-93da-55b7fcc33a1b'],
    [
      'pkowalski',
      'Piotr',
      'Kowalski',
      'Forschungszentrum Jülich',
      '05f3699e-2050-4032-8dbc-2fdfc09e9f00',
    ],
  ]
  const hashes: Record<string, string> = {
    hkimura:
      'scrypt$61e2e80e9a978550d69e594692b1e07c$6755ee326359629a60e35550763754a268b359e6224bf3d2715ed4ccc9d3db72500a5f8bbbdfa379111b5d375ab196d8b6f0e634b1f08b5683d5f02d7c25e27a',
    aberg:
      'scrypt$232826aadb5a23618f4737e2667056c5$83de6b65be2168752fb3c4fe0c1ce06e63d32f18fc8164a291163479c7c3643442637020e07aac0272a77f6b26915eb69c7f1ca294308707ffca63eef1c09d27',
    rdiaz:
      'scrypt$147ddb258f2c05806c599101232e7d70$07ae27d98fd7aa34e3faec9400378b2869ab21bad87467efa8d9d1469a090f646927b9c7b5eaa23864f093ca7e3ea6610273d0b0cab43583c18651161a498f5f',
    nwanjiru:
      'scrypt$085a0267750320398ebd497a088c82c2$bfe2bc7449af4ce61a7545f5762d893844815299d1d874d8cee28562e4b412af009927a2fc6d9b56dc44ed02358b16f984d388ad399957adbdd4048b86a73c34',
    tmoreau:
      'scrypt$a9ad2da6a781ebfe2008f1d5f7e2b0ad$84a0cbac1649c025a423f6e563e56acb46c1b4df0d2660aca9238a4607edd93d49d119db4d265e1f58ce149d8d52365d5daabbb328f161d385adffbc444401c7',
    pkowalski:
      'scrypt$709dc5d4555f4ea6ab712ab2d6e3f767$13d23099307670064c1ea96c63c5d486831de390ab4751d55a6ebe112bdcda6f732b446771971607ff2ad0dffcd59a85554203a49350ca1f1e5a28d8e32513ed',
  }
  return rows.map(([username, first, last, affiliation, userId]) => ({
    username,
    password: 'community',
    first,
    last,
    affiliation,
    address: '',
    role: 'community' as const,
    userId,
    hash: hashes[username] ?? '',
  }))
}

function toUser(seed: UserSeed): SandboxUser {
  const user: SandboxUser = {
    user_id: seed.userId,
    username: seed.username,
    first_name: seed.first,
    last_name: seed.last,
    name: `${seed.first} ${seed.last}`,
    email: `${seed.username}@sandbox.nomad.invalid`,
    affiliation: seed.affiliation,
    created: '2023-01-09T08:00:00.000000',
    is_admin: seed.admin === true,
    is_oasis_admin: seed.admin === true,
    passwordHash: seed.hash,
  }
  if (seed.address) user.affiliation_address = seed.address
  return user
}

export const DEMO_USERS: readonly SandboxUser[] = SEEDS.map(toUser)

/** What the CLI prints and Sandbox.demoUsers exposes (passwords are documented anyway). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = SEEDS.map((seed) => ({
  username: seed.username,
  password: seed.password,
  name: `${seed.first} ${seed.last}`,
  user_id: seed.userId,
  role: seed.role,
}))

function userNamed(username: string): SandboxUser {
  const user = DEMO_USERS.find((candidate) => candidate.username === username)
  if (!user) throw new Error(`demo user ${username} missing`)
  return user
}

/** The cast the data generator builds sharing patterns around. */
export const CAST = {
  lena: userNamed('lena'),
  omar: userNamed('omar'),
  mei: userNamed('mei'),
  sofia: userNamed('sofia'),
  paul: userNamed('paul'),
  admin: userNamed('admin'),
  community: DEMO_USERS.filter((user) =>
    SEEDS.some((s) => s.userId === user.user_id && s.role === 'community'),
  ),
}
