/**
 * Where each element sits in the periodic table: row (1–7, then 9–10 for the lanthanide and
 * actinide rows shown below the main block) and column (1–18), plus its name.
 */
export interface ElementCell {
  symbol: string
  z: number
  name: string
  row: number
  column: number
}

// Symbols by row; '.' is a gap; '*' and '†' mark where the f-block rows belong.
const ROWS = [
  'H . . . . . . . . . . . . . . . . He',
  'Li Be . . . . . . . . . . B C N O F Ne',
  'Na Mg . . . . . . . . . . Al Si P S Cl Ar',
  'K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr',
  'Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe',
  'Cs Ba * Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn',
  'Fr Ra † Rf Db Sg Bh Hs Mt Ds Rg Cn Nh Fl Mc Lv Ts Og',
]
const LANTHANIDES = 'La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu'.split(' ')
const ACTINIDES = 'Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr'.split(' ')

const NAMES =
  'Hydrogen Helium Lithium Beryllium Boron Carbon Nitrogen Oxygen Fluorine Neon Sodium Magnesium Aluminium Silicon Phosphorus Sulfur Chlorine Argon Potassium Calcium Scandium Titanium Vanadium Chromium Manganese Iron Cobalt Nickel Copper Zinc Gallium Germanium Arsenic Selenium Bromine Krypton Rubidium Strontium Yttrium Zirconium Niobium Molybdenum Technetium Ruthenium Rhodium Palladium Silver Cadmium Indium Tin Antimony Tellurium Iodine Xenon Caesium Barium Lanthanum Cerium Praseodymium Neodymium Promethium Samarium Europium Gadolinium Terbium Dysprosium Holmium Erbium Thulium Ytterbium Lutetium Hafnium Tantalum Tungsten Rhenium Osmium Iridium Platinum Gold Mercury Thallium Lead Bismuth Polonium Astatine Radon Francium Radium Actinium Thorium Protactinium Uranium Neptunium Plutonium Americium Curium Berkelium Californium Einsteinium Fermium Mendelevium Nobelium Lawrencium Rutherfordium Dubnium Seaborgium Bohrium Hassium Meitnerium Darmstadtium Roentgenium Copernicium Nihonium Flerovium Moscovium Livermorium Tennessine Oganesson'.split(
    ' ',
  )

function build(): ElementCell[] {
  const placed: Omit<ElementCell, 'z' | 'name'>[] = []
  ROWS.forEach((line, r) => {
    line.split(' ').forEach((symbol, c) => {
      if (symbol === '.' || symbol === '*' || symbol === '†') return
      placed.push({ symbol, row: r + 1, column: c + 1 })
    })
  })
  LANTHANIDES.forEach((symbol, i) => placed.push({ symbol, row: 9, column: i + 3 }))
  ACTINIDES.forEach((symbol, i) => placed.push({ symbol, row: 10, column: i + 3 }))
  const order = [
    ...'H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba'.split(
      ' ',
    ),
    ...LANTHANIDES,
    ...'Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn Fr Ra'.split(' '),
    ...ACTINIDES,
    ...'Rf Db Sg Bh Hs Mt Ds Rg Cn Nh Fl Mc Lv Ts Og'.split(' '),
  ]
  return order.map((symbol, i) => {
    const cell = placed.find((p) => p.symbol === symbol)
    if (!cell) throw new Error(`periodic table layout misses ${symbol}`)
    return { ...cell, z: i + 1, name: NAMES[i] ?? symbol }
  })
}

export const ELEMENT_CELLS: readonly ElementCell[] = build()
