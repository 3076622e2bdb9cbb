import type { CrystalSystem, Material, StructuralType } from './material-types'

/**
 * Families of materials built from chemical rules (charge balance, prototypes, electron counts),
 * so that the demo data holds about a thousand distinct compounds instead of a few dozen. Each
 * prototype fixes the crystal system, space group and cell contents; band gaps follow the
 * family (metals 0, halide gaps grow from I to Br to Cl, d0 perovskites are insulators, 18-electron
 * half-Heuslers are semiconductors). Values are plausible, not a database: this is demo data.
 */

type Prototype = [CrystalSystem, number, string, string, string, string, number]
// [crystal system, space group number, symbol, Bravais lattice, point group, structure name, a (Å)]
const P = {
  fcc: ['cubic', 225, 'Fm-3m', 'cF', 'm-3m', 'fcc', 3.9],
  bcc: ['cubic', 229, 'Im-3m', 'cI', 'm-3m', 'bcc', 3.1],
  hcp: ['hexagonal', 194, 'P6_3/mmc', 'hP', '6/mmm', 'hcp', 2.9],
  rocksalt: ['cubic', 225, 'Fm-3m', 'cF', 'm-3m', 'rock salt', 4.6],
  cscl: ['cubic', 221, 'Pm-3m', 'cP', 'm-3m', 'CsCl', 3.0],
  zincblende: ['cubic', 216, 'F-43m', 'cF', '-43m', 'zincblende', 5.8],
  wurtzite: ['hexagonal', 186, 'P6_3mc', 'hP', '6mm', 'wurtzite', 3.3],
  rutile: ['tetragonal', 136, 'P4_2/mnm', 'tP', '4/mmm', 'rutile', 4.6],
  fluorite: ['cubic', 225, 'Fm-3m', 'cF', 'm-3m', 'fluorite', 5.4],
  corundum: ['trigonal', 167, 'R-3c', 'hR', '-3m', 'corundum', 5.0],
  bixbyite: ['cubic', 206, 'Ia-3', 'cI', 'm-3', 'bixbyite', 10.1],
  cubicPerovskite: ['cubic', 221, 'Pm-3m', 'cP', 'm-3m', 'cubic perovskite', 3.95],
  tetragonalPerovskite: ['tetragonal', 99, 'P4mm', 'tP', '4mm', 'tetragonal perovskite', 4.0],
  orthorhombicPerovskite: ['orthorhombic', 62, 'Pnma', 'oP', 'mmm', 'GdFeO3', 5.5],
  rhombohedralPerovskite: ['trigonal', 161, 'R3c', 'hR', '3m', 'LiNbO3', 5.2],
  mapbi3: ['tetragonal', 140, 'I4/mcm', 'tI', '4/mmm', 'tetragonal perovskite', 8.8],
  fapbi3: ['trigonal', 156, 'P3m1', 'hP', '3m', 'trigonal perovskite', 6.4],
  elpasolite: ['cubic', 225, 'Fm-3m', 'cF', 'm-3m', 'elpasolite', 11.2],
  cu3au: ['cubic', 221, 'Pm-3m', 'cP', 'm-3m', 'Cu3Au', 3.8],
  mgzn2: ['hexagonal', 194, 'P6_3/mmc', 'hP', '6/mmm', 'MgZn2 Laves', 5.2],
  mgcu2: ['cubic', 227, 'Fd-3m', 'cF', 'm-3m', 'MgCu2 Laves', 7.1],
  heusler: ['cubic', 225, 'Fm-3m', 'cF', 'm-3m', 'Heusler', 5.8],
  halfHeusler: ['cubic', 216, 'F-43m', 'cF', '-43m', 'half-Heusler', 6.0],
  tmd2H: ['hexagonal', 187, 'P-6m2', 'hP', '-6m2', 'MoS2 (2H)', 3.2],
  tmd1T: ['trigonal', 164, 'P-3m1', 'hP', '-3m', 'CdI2 (1T)', 3.5],
  tmd1Tpp: ['triclinic', 2, 'P-1', 'aP', '-1', 'ReS2 (1T″)', 6.4],
  mxene: ['trigonal', 164, 'P-3m1', 'hP', '-3m', 'MXene', 3.1],
  layered: ['trigonal', 166, 'R-3m', 'hR', '-3m', 'α-NaFeO2', 2.9],
  olivine: ['orthorhombic', 62, 'Pnma', 'oP', 'mmm', 'olivine', 10.3],
  spinel: ['cubic', 227, 'Fd-3m', 'cF', 'm-3m', 'spinel', 8.2],
  electrolyte: ['orthorhombic', 62, 'Pnma', 'oP', 'mmm', 'γ-Li3PS4', 13.0],
  argyrodite: ['cubic', 216, 'F-43m', 'cF', '-43m', 'argyrodite', 9.9],
  monoclinic: ['monoclinic', 14, 'P2_1/c', 'mP', '2/m', 'baddeleyite', 5.2],
  wc: ['hexagonal', 187, 'P-6m2', 'hP', '-6m2', 'WC', 2.9],
} satisfies Record<string, Prototype>
type ProtoKey = keyof typeof P

/** A stable number in [0, 1) from a name, for per-material variation of lattice constants. */
function jitter(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return ((h >>> 0) % 1000) / 1000
}

const out: Material[] = []

function add(
  family: string,
  name: string,
  composition: Record<string, number>,
  descriptive: string,
  proto: ProtoKey | null,
  gap: number,
  structuralType: StructuralType = 'bulk',
): void {
  const m: Material = {
    name,
    composition,
    descriptive,
    structuralType,
    a: 10,
    gap: Math.max(0, Math.round(gap * 100) / 100),
    family,
  }
  if (m.gap > 0) m.gapType = jitter(name + 'gap') < 0.5 ? 'direct' : 'indirect'
  if (proto) {
    const [system, number, symbol, bravais, pointGroup, structureName, a] = P[proto]
    Object.assign(m, { crystalSystem: system, spaceGroup: [number, symbol], bravais, pointGroup })
    m.structureName = structureName
    m.a = Math.round(a * (0.95 + 0.1 * jitter(name)) * 1000) / 1000
    if (system === 'hexagonal' || system === 'trigonal') m.cOverA = 1.63
    else if (system === 'tetragonal') m.cOverA = 0.64
    else if (system !== 'cubic') m.cOverA = 1.18
  }
  out.push(m)
}

const each = <T>(items: string, fn: (item: string) => T) => items.split(' ').map(fn)
/** "Ti:3.2 Zr:5.6" → [["Ti", 3.2], ["Zr", 5.6]] */
const table = (text: string): [string, number][] =>
  text.split(' ').map((pair) => {
    const [key = '', value = '0'] = pair.split(':')
    return [key, Number(value)]
  })
const f = (parts: [string, number][]) => parts.map(([e, n]) => (n === 1 ? e : `${e}${n}`)).join('')

function metals(): void {
  for (const [proto, list] of [
    ['fcc', 'Ni Pd Ag Rh Ir Pb Ca Sr'],
    ['bcc', 'V Cr Nb Mo Ta Li Na K Ba'],
    ['hcp', 'Mg Ti Zr Hf Co Zn Cd Sc Y Ru Os Re'],
  ] as const) {
    const n = proto === 'fcc' ? 4 : 2
    each(list, (el) => add('metals', `${el} (${proto})`, { [el]: n }, el, proto, 0))
  }
  // B2 and L1_2 intermetallics, Laves phases: all metallic.
  for (const a of 'Ni Co Fe Cu Pd Pt Ag Au Rh Ir'.split(' '))
    for (const b of 'Al Ti Zr Hf Ga In Sc Y Mg Zn'.split(' '))
      add('intermetallics', `${a}${b} (B2)`, { [a]: 1, [b]: 1 }, `${a}${b}`, 'cscl', 0)
  for (const a of 'Ni Pt Pd Cu Ir'.split(' '))
    for (const b of 'Al Ti Ga Ge Si Mn Fe Sc Zr Nb'.split(' '))
      add('intermetallics', `${a}3${b} (L1_2)`, { [a]: 3, [b]: 1 }, `${a}3${b}`, 'cu3au', 0)
  for (const a of 'Mg Ca Zr Hf Ti Nb Y Sc'.split(' '))
    for (const b of 'Cu Zn Ni Co Fe Mn Cr V Al'.split(' ')) {
      const hex = jitter(a + b) < 0.5
      const n = hex ? 4 : 8
      add(
        'intermetallics',
        `${a}${b}2 Laves phase`,
        { [a]: n, [b]: 2 * n },
        `${a}${b}2`,
        hex ? 'mgzn2' : 'mgcu2',
        0,
      )
    }
}

const VALENCE: Record<string, number> = {
  Ti: 4,
  Zr: 4,
  Hf: 4,
  V: 5,
  Nb: 5,
  Ta: 5,
  Sc: 3,
  Y: 3,
  Mn: 7,
  Fe: 8,
  Co: 9,
  Ni: 10,
  Cu: 11,
  Ru: 8,
  Rh: 9,
  Pd: 10,
  Li: 1,
  Mg: 2,
  Sn: 4,
  Sb: 5,
  Bi: 5,
  Ge: 4,
  Si: 4,
  Al: 3,
  Ga: 3,
  In: 3,
  Cr: 6,
  Pt: 10,
}

function heuslers(): void {
  for (const x of 'Co Ni Cu Fe Mn Ru Rh Pd'.split(' '))
    for (const y of 'Mn Ti V Cr Fe Zr Hf'.split(' '))
      for (const z of 'Al Ga Si Ge Sn In Sb'.split(' ')) {
        if (x === y || jitter(x + y + z) > 0.4) continue
        add(
          'intermetallics',
          `${x}2${y}${z} Heusler alloy`,
          { [x]: 8, [y]: 4, [z]: 4 },
          `${x}2${y}${z}`,
          'heusler',
          0,
        )
      }
  // Half-Heuslers with 18 valence electrons are semiconductors (TiNiSn, ZrCoSb, NbFeSb…).
  for (const x of 'Ti Zr Hf V Nb Ta Sc Y Li Mg'.split(' '))
    for (const y of 'Ni Co Fe Rh Pd Pt Cu'.split(' '))
      for (const z of 'Sn Sb Bi Ge Si'.split(' ')) {
        const electrons = (VALENCE[x] ?? 0) + (VALENCE[y] ?? 0) + (VALENCE[z] ?? 0)
        if (electrons !== 18 && jitter(x + y + z) > 0.15) continue
        const gap = electrons === 18 ? 0.3 + jitter(z + y + x) * 0.9 : 0
        add(
          'intermetallics',
          `${x}${y}${z} half-Heusler`,
          { [x]: 4, [y]: 4, [z]: 4 },
          `${x}${y}${z}`,
          'halfHeusler',
          gap,
        )
      }
}

function oxides(): void {
  for (const [m, gap] of table('Mg:7.8 Ca:7.1 Sr:5.9 Ba:4.4 Mn:3.6 Fe:2.4 Co:2.5 Cd:2.2 Eu:1.1'))
    add('oxides', `${m}O (rock salt)`, { [m]: 4, O: 4 }, `${m}O`, 'rocksalt', gap)
  for (const [m, gap] of table('Sn:3.6 Ge:4.7 Ru:0 Ir:0 Cr:0 Mn:0.3 Pb:0.6 Os:0'))
    add('oxides', `${m}O2 (rutile)`, { [m]: 2, O: 4 }, `${m}O2`, 'rutile', gap)
  for (const [m, gap] of table('Hf:5.7 Th:6 U:2.1 Zr:5.0 Pr:2.5'))
    add('oxides', `${m}O2 (fluorite)`, { [m]: 4, O: 8 }, `${m}O2`, 'fluorite', gap)
  for (const [m, gap] of table('Hf:5.8 Zr:5.4'))
    add('oxides', `${m}O2 (monoclinic)`, { [m]: 4, O: 8 }, `${m}O2`, 'monoclinic', gap)
  for (const [m, gap] of table('Cr:3.4 Ga:4.8 V:0 Ti:0.1 Rh:1.2'))
    add('oxides', `${m}2O3 (corundum)`, { [m]: 12, O: 18 }, `${m}2O3`, 'corundum', gap)
  for (const [m, gap] of table('In:2.9 Y:5.6 Sc:6.0 Mn:1.2 Lu:5.5 Dy:4.9'))
    add('oxides', `${m}2O3 (bixbyite)`, { [m]: 16, O: 24 }, `${m}2O3`, 'bixbyite', gap)
  add('oxides', 'BeO (wurtzite)', { Be: 2, O: 2 }, 'BeO', 'wurtzite', 10.6)
  // ABO3 perovskites: charge-balanced A/B pairs. d0 B ions give insulators, partly filled d
  // shells metals or small gaps; Bi and Pb lone pairs narrow the gap.
  const bGap = table(
    'Ti:3.2 Zr:5.6 Hf:6.0 Sn:4.0 Ge:3.5 Mn:1.4 Ru:0 V:0 Mo:0 Ce:3.5 Al:5.6 Ga:4.4 Sc:5.7 In:4.0 Cr:3.4 Fe:2.1 Co:0.5 Ni:0 Nb:3.3 Ta:4.0 Sb:4.0',
  )
  const gapOf = (b: string) => bGap.find(([el]) => el === b)?.[1] ?? 0
  const pairs: [string, string][] = [
    ['Ca Sr Ba Pb Cd', 'Ti Zr Hf Sn Mn Ru V Mo Ce Ge'],
    ['La Y Nd Pr Sm Gd Bi', 'Al Ga Sc In Cr Mn Fe Co Ni V Ti'],
    ['Na K Li Ag', 'Nb Ta V Sb'],
  ].map(([a = '', b = '']) => [a, b])
  for (const [as, bs] of pairs)
    for (const a of as.split(' '))
      for (const b of bs.split(' ')) {
        if (b === 'Ti' && as.startsWith('La')) continue
        const h = jitter(a + b + 'O3')
        const proto: ProtoKey =
          a === 'Ba' || a === 'K' || a === 'Pb'
            ? 'tetragonalPerovskite'
            : a === 'Li' || a === 'Bi'
              ? 'rhombohedralPerovskite'
              : a === 'Sr' || h < 0.25
                ? 'cubicPerovskite'
                : 'orthorhombicPerovskite'
        const z =
          proto === 'orthorhombicPerovskite' ? 4 : proto === 'rhombohedralPerovskite' ? 6 : 1
        const lonePair = a === 'Bi' || a === 'Pb' ? 0.6 : 0
        const gap = gapOf(b) > 0 ? gapOf(b) - lonePair + (h - 0.5) * 0.4 : 0
        add(
          'perovskites',
          `${a}${b}O3 perovskite`,
          { [a]: z, [b]: z, O: 3 * z },
          `${a}${b}O3`,
          proto,
          gap,
        )
      }
}

function halidePerovskites(): void {
  const xGap = { I: 1.7, Br: 2.3, Cl: 3.0 } as Record<string, number>
  const bShift = { Pb: 0, Sn: -0.45, Ge: 0.1 } as Record<string, number>
  const cations: [string, Record<string, number>, ProtoKey, number][] = [
    ['Cs', { Cs: 1 }, 'cubicPerovskite', 0],
    ['Rb', { Rb: 1 }, 'orthorhombicPerovskite', 0.1],
    ['MA', { C: 1, H: 6, N: 1 }, 'mapbi3', 0.05],
    ['FA', { C: 1, H: 5, N: 2 }, 'fapbi3', -0.1],
  ]
  for (const [label, a, proto, shift] of cations)
    for (const b of ['Pb', 'Sn', 'Ge'])
      for (const x of ['I', 'Br', 'Cl']) {
        const z = proto === 'orthorhombicPerovskite' || proto === 'mapbi3' ? 4 : 1
        const comp: Record<string, number> = { [b]: z, [x]: 3 * z }
        for (const [el, n] of Object.entries(a)) comp[el] = n * z
        const gap = (xGap[x] ?? 2) + (bShift[b] ?? 0) + shift
        add(
          'halide-perovskites',
          `${label}${b}${x}3 perovskite`,
          comp,
          `${label}${b}${x}3`,
          proto,
          gap,
        )
      }
  // Mixed-halide supercells: the gap moves between the two end members (Vegard-like).
  for (const b of ['Pb', 'Sn'])
    for (const [x, y] of [
      ['I', 'Br'],
      ['Br', 'Cl'],
    ] as const)
      for (const k of [1, 2, 3]) {
        const comp = { Cs: 4, [b]: 4, [x]: 12 - 3 * k, [y]: 3 * k }
        const gap = (xGap[x] ?? 2) + ((xGap[y] ?? 2) - (xGap[x] ?? 2)) * (k / 4) + (bShift[b] ?? 0)
        const d = f([
          ['Cs', 4],
          [b, 4],
          [x, 12 - 3 * k],
          [y, 3 * k],
        ])
        add(
          'halide-perovskites',
          `Cs${b}(${x},${y})3 mixed halide, ${k}/4 ${y}`,
          comp,
          d,
          'cubicPerovskite',
          gap,
        )
      }
  for (const bp of ['Ag', 'Cu', 'Na'])
    for (const [b3, base] of table('Bi:2.0 Sb:1.8 In:3.3'))
      for (const x of ['Cl', 'Br']) {
        const gap = base + (x === 'Cl' ? 0.8 : 0) + (bp === 'Na' ? 1.2 : bp === 'Cu' ? -0.5 : 0)
        add(
          'halide-perovskites',
          `Cs2${bp}${b3}${x}6 double perovskite`,
          { Cs: 8, [bp]: 4, [b3]: 4, [x]: 24 },
          `Cs2${bp}${b3}${x}6`,
          'elpasolite',
          gap,
        )
      }
}

function semiconductorsAndHalides(): void {
  for (const [ab, gap] of table(
    'AlN:6.2 AlP:2.45 AlAs:2.16 AlSb:1.6 GaP:2.26 GaSb:0.73 InN:0.7 InAs:0.35 InSb:0.17 ZnSe:2.7 ZnTe:2.3 CdS:2.4 CdSe:1.7 HgTe:0 BP:2.0 BN:6.4',
  )) {
    const [, a = '', b = ''] = /^([A-Z][a-z]?)([A-Z][a-z]?)$/.exec(ab) ?? []
    const wz = b === 'N' && a !== 'B' ? true : a === 'Cd'
    add(
      'semiconductors',
      `${ab} (${wz ? 'wurtzite' : 'zincblende'})`,
      { [a]: wz ? 2 : 4, [b]: wz ? 2 : 4 },
      ab,
      wz ? 'wurtzite' : 'zincblende',
      gap,
    )
  }
  for (const [ab, gap] of table(
    'PbS:0.41 PbSe:0.27 PbTe:0.31 SnTe:0.18 MgS:5.0 CaS:4.4 SrS:4.3 EuS:1.6',
  ))
    add('semiconductors', `${ab} (rock salt)`, split(ab, 4), ab, 'rocksalt', gap)
  const halideGap: Record<string, number> = {
    LiF: 13.6,
    LiCl: 9.4,
    LiBr: 7.6,
    LiI: 6.1,
    NaF: 11.5,
    NaBr: 7.1,
    NaI: 5.9,
    KF: 10.8,
    KBr: 7.4,
    KI: 6.0,
    RbF: 10.4,
    RbCl: 8.2,
    RbBr: 7.4,
    RbI: 6.1,
    CsF: 9.8,
    CsCl: 8.3,
    CsBr: 7.3,
    CsI: 6.1,
    AgCl: 3.2,
    AgBr: 2.7,
  }
  for (const [ab, gap] of Object.entries(halideGap)) {
    const cscl = ab.startsWith('Cs') && ab !== 'CsF'
    add(
      'halides',
      `${ab} (${cscl ? 'CsCl' : 'rock salt'})`,
      split(ab, cscl ? 1 : 4),
      ab,
      cscl ? 'cscl' : 'rocksalt',
      gap,
    )
  }
  for (const [m, gap] of table('Sr:11.2 Ba:11.0 Cd:8.0 Pb:5.8'))
    add('halides', `${m}F2 (fluorite)`, { [m]: 4, F: 8 }, `${m}F2`, 'fluorite', gap)
  for (const [m, gap] of table('Mg:10.8 Zn:7.5 Mn:5.0 Fe:3.5 Co:4.0 Ni:4.5'))
    add('halides', `${m}F2 (rutile)`, { [m]: 2, F: 4 }, `${m}F2`, 'rutile', gap)
  for (const [ab, gap] of table(
    'TiN:0 ZrN:0 HfN:0 VN:0 NbN:0 TaN:0 ScN:0.9 CrN:0 TiC:0 ZrC:0 HfC:0 VC:0 NbC:0 TaC:0',
  ))
    add('metals', `${ab} (rock salt)`, split(ab, 4), ab, 'rocksalt', gap)
  add('metals', 'WC (hexagonal)', { W: 1, C: 1 }, 'WC', 'wc', 0)
  add('metals', 'MoC (hexagonal)', { Mo: 1, C: 1 }, 'MoC', 'wc', 0)
}

function split(ab: string, n: number): Record<string, number> {
  const [, a = '', b = ''] = /^([A-Z][a-z]?)([A-Z][a-z]?)$/.exec(ab) ?? []
  return { [a]: n, [b]: n }
}

function twoDimensional(): void {
  const gaps: Record<string, [number, number, number]> = {
    Mo: [1.8, 1.5, 1.1],
    W: [2.0, 1.6, 0],
    Nb: [0, 0, 0],
    Ta: [0, 0, 0],
    V: [0, 0, 0],
    Cr: [0.9, 0.7, 0.4],
    Ti: [0, 0, 0],
    Zr: [1.7, 1.1, 0],
    Hf: [1.8, 1.2, 0],
    Pt: [1.8, 1.2, 0],
    Pd: [1.1, 0.5, 0],
    Sn: [2.2, 1.0, 0],
    Re: [1.4, 1.2, 0],
  }
  for (const [m, byX] of Object.entries(gaps))
    ['S', 'Se', 'Te'].forEach((x, i) => {
      const proto: ProtoKey = 'Mo W Nb Ta V Cr'.includes(m)
        ? 'tmd2H'
        : m === 'Re'
          ? 'tmd1Tpp'
          : 'tmd1T'
      const n = proto === 'tmd1Tpp' ? 4 : 1
      add(
        '2d',
        `${m}${x}2 monolayer`,
        { [m]: n, [x]: 2 * n },
        `${m}${x}2`,
        proto,
        byX[i] ?? 0,
        '2D',
      )
    })
  // MXenes M2X and their O/F/OH-terminated forms; only a few terminated ones open a gap.
  const opens: Record<string, number> = { Sc: 1.8, Ti: 0.25, Zr: 0.9, Hf: 1.0 }
  for (const m of 'Ti V Nb Mo Zr Hf Ta Cr Sc'.split(' '))
    for (const x of ['C', 'N'])
      for (const t of ['', 'O2', 'F2', '(OH)2']) {
        if (x === 'N' && t === '(OH)2') continue
        const comp: Record<string, number> = { [m]: 2, [x]: 1 }
        if (t === 'O2') comp.O = 2
        if (t === 'F2') comp.F = 2
        if (t === '(OH)2') Object.assign(comp, { O: 2, H: 2 })
        const gap = x === 'C' && t === 'O2' ? (opens[m] ?? 0) : 0
        add('2d', `${m}2${x}${t} MXene`, comp, `${m}2${x}${t}`, 'mxene', gap, '2D')
      }
  for (const [name, comp, d, gap] of [
    ['Silicene', { Si: 2 }, 'Si', 0],
    ['Germanene', { Ge: 2 }, 'Ge', 0],
    ['Stanene', { Sn: 2 }, 'Sn', 0.1],
    ['Phosphorene', { P: 4 }, 'P', 1.5],
    ['GaS monolayer', { Ga: 2, S: 2 }, 'GaS', 2.6],
    ['GaSe monolayer', { Ga: 2, Se: 2 }, 'GaSe', 2.1],
    ['InSe monolayer', { In: 2, Se: 2 }, 'InSe', 1.4],
    ['CrI3 monolayer', { Cr: 2, I: 6 }, 'CrI3', 1.1],
  ] as const)
    add('2d', name, { ...comp }, d, name === 'Phosphorene' ? null : 'tmd1T', gap, '2D')
}

function batteryMaterials(): void {
  for (const [m, gap] of table('Ni:0.4 Mn:1.0 Cr:3.0 V:0 Fe:1.6 Ti:0'))
    for (const a of ['Li', 'Na'])
      add('battery', `${a}${m}O2 (layered)`, { [a]: 3, [m]: 3, O: 6 }, `${a}${m}O2`, 'layered', gap)
  // NMC cathodes in a ten-formula-unit cell: NMC111…NMC811.
  for (const [label, ni, mn, co] of [
    ['NMC532', 5, 3, 2],
    ['NMC622', 6, 2, 2],
    ['NMC811', 8, 1, 1],
    ['NMC433', 4, 3, 3],
    ['NCA', 8, 0, 1.5],
  ] as const) {
    const comp: Record<string, number> = { Li: 10, Ni: ni, O: 20 }
    if (mn) comp.Mn = mn
    if (label === 'NCA') Object.assign(comp, { Co: 1, Al: 1 })
    else comp.Co = co
    const d = label === 'NCA' ? 'LiNi0.8Co0.1Al0.1O2' : `LiNi${ni / 10}Mn${mn / 10}Co${co / 10}O2`
    add('battery', `${label} cathode`, comp, d, 'layered', 0.3 + ni * 0.02)
  }
  for (const [m, gap] of table('Mn:3.8 Co:3.5 Ni:3.7 Fe:3.7'))
    for (const a of ['Li', 'Na']) {
      if (a === 'Li' && m === 'Fe') continue
      add(
        'battery',
        `${a}${m}PO4 (olivine)`,
        { [a]: 4, [m]: 4, P: 4, O: 16 },
        `${a}${m}PO4`,
        'olivine',
        gap,
      )
    }
  for (const [m, gap] of table('Mn:1.2 Co:1.9 V:0 Ti:0'))
    add('battery', `Li${m}2O4 (spinel)`, { Li: 8, [m]: 16, O: 32 }, `Li${m}2O4`, 'spinel', gap)
  add(
    'battery',
    'LiNi0.5Mn1.5O4 (spinel)',
    { Li: 8, Ni: 4, Mn: 12, O: 32 },
    'LiNi0.5Mn1.5O4',
    'spinel',
    1.6,
  )
  add('battery', 'Li3PS4 electrolyte', { Li: 12, P: 4, S: 16 }, 'Li3PS4', 'electrolyte', 4.0)
  for (const x of ['Cl', 'Br', 'I'])
    add(
      'battery',
      `Li6PS5${x} argyrodite`,
      { Li: 24, P: 4, S: 20, [x]: 4 },
      `Li6PS5${x}`,
      'argyrodite',
      3.3 - (x === 'I' ? 0.4 : 0),
    )
}

function molecules(): void {
  const mol = (name: string, comp: Record<string, number>, gap: number) => {
    const d = Object.entries(comp)
      .map(([e, n]) => (n === 1 ? e : `${e}${n}`))
      .join('')
    add('molecules', name, comp, d, null, gap, 'molecule / cluster')
  }
  const alk = [
    'Ethane',
    'Propane',
    'Butane',
    'Pentane',
    'Hexane',
    'Heptane',
    'Octane',
    'Nonane',
    'Decane',
  ]
  alk.forEach((name, i) => mol(name, { C: i + 2, H: 2 * (i + 2) + 2 }, 9.8 - i * 0.2))
  const stems = ['Eth', 'Prop', 'But', 'Pent', 'Hex', 'Hept', 'Oct']
  stems.forEach((s, i) => {
    const n = i + 2
    mol(`${s}ene`, { C: n, H: 2 * n }, 7.6 - i * 0.1)
    mol(`${s}anol`, { C: n, H: 2 * n + 2, O: 1 }, 8.3 - i * 0.1)
    mol(`${s}anoic acid`, { C: n, H: 2 * n, O: 2 }, 7.0 - i * 0.08)
    mol(`${s}ylamine`, { C: n, H: 2 * n + 3, N: 1 }, 6.8 - i * 0.1)
    if (n <= 6) mol(`${s}yne`, { C: n, H: 2 * n - 2 }, 7.2 - i * 0.15)
  })
  const acenes: [string, number, number, number][] = [
    ['Naphthalene', 10, 8, 4.0],
    ['Anthracene', 14, 10, 3.3],
    ['Tetracene', 18, 12, 2.6],
    ['Pentacene', 22, 14, 2.0],
    ['Hexacene', 26, 16, 1.6],
  ]
  for (const [name, c, h, gap] of acenes) mol(name, { C: c, H: h }, gap)
  for (let n = 2; n <= 6; n++)
    mol(`${n}T oligothiophene`, { C: 4 * n, H: 2 * n + 2, S: n }, 4.6 - 0.45 * (n - 2))
  for (const [name, comp, gap] of [
    ['Toluene', { C: 7, H: 8 }, 5.0],
    ['Pyridine', { C: 5, H: 5, N: 1 }, 5.4],
    ['Phenol', { C: 6, H: 6, O: 1 }, 5.0],
    ['Aniline', { C: 6, H: 7, N: 1 }, 4.6],
    ['Furan', { C: 4, H: 4, O: 1 }, 5.9],
    ['Ammonia', { H: 3, N: 1 }, 7.1],
    ['Hydrogen sulfide', { H: 2, S: 1 }, 6.3],
    ['Carbon monoxide', { C: 1, O: 1 }, 7.1],
    ['Nitrogen dioxide', { N: 1, O: 2 }, 1.5],
    ['Sulfur dioxide', { O: 2, S: 1 }, 4.3],
    ['Hydrogen peroxide', { H: 2, O: 2 }, 6.0],
    ['Ozone', { O: 3 }, 2.1],
    ['Silane', { H: 4, Si: 1 }, 8.4],
    ['Urea', { C: 1, H: 4, N: 2, O: 1 }, 6.2],
    ['Glycine', { C: 2, H: 5, N: 1, O: 2 }, 5.3],
    ['Caffeine', { C: 8, H: 10, N: 4, O: 2 }, 4.4],
    ['C60 fullerene', { C: 60 }, 1.6],
  ] as const)
    mol(name, { ...comp }, gap)
  for (const [m, base] of table('Au:1.8 Ag:1.5 Cu:1.2 Pd:0.3 Ni:0.2 Pt:0.2'))
    for (const n of [2, 3, 4, 6, 8, 13, 20]) {
      if (m === 'Pt' && n === 13) continue
      add(
        'molecules',
        `${m}${n} cluster`,
        { [m]: n },
        `${m}${n}`,
        null,
        base * (n <= 8 ? 1 : 0.6),
        'molecule / cluster',
      )
    }
}

function surfaces(): void {
  for (const m of 'Pt Pd Au Ag Ni Rh Ir Al'.split(' '))
    for (const [facet, layers] of [
      ['(111)', 4],
      ['(100)', 5],
      ['(110)', 6],
    ] as const) {
      if (m === 'Cu' && facet === '(111)') continue
      add(
        'surfaces',
        `${m} ${facet} surface, ${layers} layers`,
        { [m]: 4 * layers },
        m,
        'fcc',
        0,
        'surface',
      )
      // Adsorbates on the (111) slabs: the catalysis workhorses.
      if (facet !== '(111)') continue
      for (const [label, comp] of [
        ['CO', { C: 1, O: 1 }],
        ['O', { O: 1 }],
        ['H', { H: 1 }],
        ['OH', { O: 1, H: 1 }],
        ['H2O', { H: 2, O: 1 }],
        ['NH3', { N: 1, H: 3 }],
      ] as const)
        add(
          'surfaces',
          `${label} on ${m} (111)`,
          { [m]: 4 * layers, ...comp },
          `${label}/${m}`,
          'fcc',
          0,
          'surface',
        )
    }
  for (const [name, comp, d, proto, gap] of [
    ['ZnO (10-10) surface', { Zn: 12, O: 12 }, 'ZnO', 'wurtzite', 3.0],
    ['CeO2 (111) surface', { Ce: 9, O: 18 }, 'CeO2', 'fluorite', 2.8],
    ['MgO (100) surface', { Mg: 16, O: 16 }, 'MgO', 'rocksalt', 6.5],
    ['Al2O3 (0001) surface', { Al: 12, O: 18 }, 'Al2O3', 'corundum', 6.0],
    ['RuO2 (110) surface', { Ru: 8, O: 16 }, 'RuO2', 'rutile', 0],
    ['SrTiO3 (001) surface', { Sr: 4, Ti: 5, O: 14 }, 'SrTiO3', 'cubicPerovskite', 2.5],
  ] as const)
    add('surfaces', name, { ...comp }, d, proto, gap, 'surface')
}

/** Every generated family material, in a fixed order (indices are stable for a given build). */
export function familyMaterials(): Material[] {
  if (out.length > 0) return out
  metals()
  heuslers()
  oxides()
  halidePerovskites()
  semiconductorsAndHalides()
  twoDimensional()
  batteryMaterials()
  molecules()
  surfaces()
  return out
}
