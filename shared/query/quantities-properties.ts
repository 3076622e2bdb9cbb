/** Quantities under results.properties and results.eln. Physical values are stored in SI units. */
import { nestedUnder, quantity as q, type SearchQuantity } from './quantity'

const R = 'results.properties'

function bandGap(prefix: string, what: string): SearchQuantity[] {
  return nestedUnder(prefix, [
    q(`${prefix}.value`, 'float', `${what} (0 means no gap).`, { unit: 'J' }),
    q(`${prefix}.type`, 'enum', `Whether the ${what.toLowerCase()} is direct or indirect.`, {
      enumValues: ['direct', 'indirect'],
    }),
    q(`${prefix}.index`, 'int', 'Spin channel of the band gap.'),
  ])
}

function structure(prefix: string, what: string): SearchQuantity[] {
  const lp = `${prefix}.lattice_parameters`
  return [
    q(`${prefix}.n_sites`, 'int', `Number of atomic sites in the ${what}.`),
    q(`${prefix}.nperiodic_dimensions`, 'int', `Number of periodic directions of the ${what}.`),
    q(`${prefix}.cell_volume`, 'float', `Cell volume of the ${what}.`, { unit: 'm^3' }),
    q(`${lp}.a`, 'float', `Lattice constant a of the ${what}.`, { unit: 'm' }),
    q(`${lp}.b`, 'float', `Lattice constant b of the ${what}.`, { unit: 'm' }),
    q(`${lp}.c`, 'float', `Lattice constant c of the ${what}.`, { unit: 'm' }),
    q(`${lp}.alpha`, 'float', `Lattice angle α of the ${what}.`, { unit: 'rad' }),
    q(`${lp}.beta`, 'float', `Lattice angle β of the ${what}.`, { unit: 'rad' }),
    q(`${lp}.gamma`, 'float', `Lattice angle γ of the ${what}.`, { unit: 'rad' }),
  ]
}

const GENERAL: SearchQuantity[] = [
  q(`${R}.n_calculations`, 'int', 'Number of single calculations in the entry.'),
  q(`${R}.available_properties`, 'str', 'Properties present, e.g. band_structure_electronic.', {
    many: true,
  }),
]

const ELECTRONIC: SearchQuantity[] = [
  ...bandGap(`${R}.electronic.band_gap`, 'Electronic band gap'),
  ...bandGap(
    `${R}.electronic.band_structure_electronic.band_gap`,
    'Band gap of the band structure',
  ),
  ...bandGap(`${R}.electronic.dos_electronic.band_gap`, 'Band gap of the density of states'),
  ...bandGap(`${R}.optoelectronic.band_gap_optical`, 'Optical band gap'),
  q(`${R}.electronic.band_structure_electronic.spin_polarized`, 'bool', 'Spin-polarised bands.'),
  q(`${R}.electronic.dos_electronic.spin_polarized`, 'bool', 'Spin-polarised density of states.'),
]

const SC = `${R}.optoelectronic.solar_cell`
const SOLAR_CELL: SearchQuantity[] = [
  q(`${SC}.efficiency`, 'float', 'Power conversion efficiency of the solar cell, in percent.'),
  q(`${SC}.fill_factor`, 'float', 'Fill factor of the solar cell (0–1).'),
  q(`${SC}.open_circuit_voltage`, 'float', 'Open-circuit voltage.', { unit: 'V' }),
  q(`${SC}.short_circuit_current_density`, 'float', 'Short-circuit current density.', {
    unit: 'A/m^2',
  }),
  q(`${SC}.illumination_intensity`, 'float', 'Light intensity of the measurement.', {
    unit: 'W/m^2',
  }),
  q(`${SC}.device_area`, 'float', 'Illuminated area of the device.', { unit: 'm^2' }),
  q(`${SC}.device_architecture`, 'str', 'Device architecture, e.g. pin or nip.'),
  ...(
    [
      ['device_stack', 'Layers of the whole device.'],
      ['absorber', 'Absorber layers.'],
      ['absorber_fabrication', 'How the absorber was made, e.g. spin-coating.'],
      ['electron_transport_layer', 'Electron transport layers.'],
      ['hole_transport_layer', 'Hole transport layers.'],
      ['substrate', 'Substrate layers.'],
      ['back_contact', 'Back contact layers.'],
    ] as const
  ).map(([name, text]) => q(`${SC}.${name}`, 'str', text, { many: true })),
]

const MODULUS_TYPES = ['voigt_average', 'reuss_average', 'voigt_reuss_hill_average']
const EOS_TYPES = [
  'mie_gruneisen',
  'pack_evans_james',
  'vinet',
  'tait',
  'birch_euler',
  'pourier_tarantola',
  'birch_lagrange',
  'murnaghan',
]
const MECHANICAL: SearchQuantity[] = [
  ...nestedUnder(`${R}.mechanical.bulk_modulus`, [
    q(`${R}.mechanical.bulk_modulus.value`, 'float', 'Bulk modulus.', { unit: 'Pa' }),
    q(`${R}.mechanical.bulk_modulus.type`, 'enum', 'How the bulk modulus was obtained.', {
      enumValues: [...EOS_TYPES, ...MODULUS_TYPES],
    }),
  ]),
  ...nestedUnder(`${R}.mechanical.shear_modulus`, [
    q(`${R}.mechanical.shear_modulus.value`, 'float', 'Shear modulus.', { unit: 'Pa' }),
    q(`${R}.mechanical.shear_modulus.type`, 'enum', 'How the shear modulus was obtained.', {
      enumValues: MODULUS_TYPES,
    }),
  ]),
  q(`${R}.mechanical.energy_volume_curve.type`, 'enum', 'Kind of energy–volume curve.', {
    many: true,
    enumValues: ['raw', ...EOS_TYPES],
  }),
]

const TR = `${R}.thermodynamic.trajectory`
const MD = `${TR}.methodology.molecular_dynamics`
const SP = `${R}.spectroscopic.spectra`
const DYNAMICS_AND_SPECTRA: SearchQuantity[] = [
  ...nestedUnder(TR, [
    q(`${TR}.available_properties`, 'enum', 'Properties recorded along the trajectory.', {
      many: true,
      enumValues: ['temperature', 'pressure', 'volume', 'energy_potential'],
    }),
    q(`${MD}.time_step`, 'float', 'Integration time step of the molecular dynamics.', {
      unit: 's',
    }),
    q(`${MD}.ensemble_type`, 'enum', 'Thermodynamic ensemble of the simulation.', {
      enumValues: ['NVE', 'NVT', 'NPT', 'NPH'],
    }),
  ]),
  ...nestedUnder(SP, [
    q(`${SP}.type`, 'str', 'Kind of spectrum, e.g. EELS or XPS.'),
    q(`${SP}.provenance.eels.detector_type`, 'str', 'Detector used for the EELS spectrum.'),
    q(`${SP}.provenance.eels.resolution`, 'float', 'Energy resolution of the EELS spectrum.', {
      unit: 'J',
    }),
    q(`${SP}.provenance.eels.min_energy`, 'float', 'Lowest energy of the EELS spectrum.', {
      unit: 'J',
    }),
    q(`${SP}.provenance.eels.max_energy`, 'float', 'Highest energy of the EELS spectrum.', {
      unit: 'J',
    }),
  ]),
]

const GO = `${R}.geometry_optimization`
const GEOMETRY: SearchQuantity[] = [
  q(`${GO}.final_energy_difference`, 'float', 'Energy change in the last optimisation step.', {
    unit: 'J',
  }),
  q(`${GO}.final_force_maximum`, 'float', 'Largest force in the last optimisation step.', {
    unit: 'N',
  }),
  q(`${GO}.final_displacement_maximum`, 'float', 'Largest atom displacement in the last step.', {
    unit: 'm',
  }),
  q(`${GO}.convergence_tolerance_energy_difference`, 'float', 'Requested energy tolerance.', {
    unit: 'J',
  }),
  q(`${GO}.convergence_tolerance_force_maximum`, 'float', 'Requested force tolerance.', {
    unit: 'N',
  }),
  ...structure(`${R}.structures.structure_original`, 'original structure'),
  ...structure(`${R}.structures.structure_conventional`, 'conventional cell'),
  ...structure(`${R}.structures.structure_primitive`, 'primitive cell'),
]

const C = `${R}.catalytic`
const CATALYSIS: SearchQuantity[] = [
  q(`${C}.reaction.name`, 'str', 'Name of the catalysed reaction.'),
  ...nestedUnder(`${C}.reaction.reactants`, [
    q(`${C}.reaction.reactants.name`, 'str', 'Reactants of the reaction.'),
    q(`${C}.reaction.reactants.conversion`, 'float', 'Conversion of a reactant, in percent.'),
  ]),
  ...nestedUnder(`${C}.reaction.products`, [
    q(`${C}.reaction.products.name`, 'str', 'Products of the reaction.'),
    q(`${C}.reaction.products.selectivity`, 'float', 'Selectivity towards a product, in percent.'),
    q(`${C}.reaction.products.gas_concentration_out`, 'float', 'Product concentration at outlet.'),
  ]),
  ...nestedUnder(`${C}.reaction.rates`, [
    q(`${C}.reaction.rates.name`, 'str', 'Species a reaction rate refers to.'),
  ]),
  q(`${C}.reaction.reaction_conditions.temperature`, 'float', 'Reaction temperature.', {
    unit: 'K',
  }),
  q(`${C}.reaction.reaction_conditions.pressure`, 'float', 'Reaction pressure.', { unit: 'Pa' }),
  q(
    `${C}.reaction.reaction_conditions.weight_hourly_space_velocity`,
    'float',
    'Weight hourly space velocity of the feed.',
  ),
  q(`${C}.catalyst.catalyst_type`, 'str', 'Kind of catalyst.', { many: true }),
  q(`${C}.catalyst.preparation_method`, 'str', 'How the catalyst was prepared.'),
  q(`${C}.catalyst.characterization_methods`, 'str', 'How the catalyst was characterised.', {
    many: true,
  }),
  q(`${C}.catalyst.surface_area`, 'float', 'Specific surface area of the catalyst.', {
    unit: 'm^2/kg',
  }),
]

const ELN: SearchQuantity[] = (
  [
    ['sections', 'Kinds of sections used in the notebook entry.'],
    ['tags', 'Tags the authors gave to the notebook entry.'],
    ['names', 'Names that appear in the notebook entry.'],
    ['descriptions', 'Descriptions that appear in the notebook entry.'],
    ['instruments', 'Instruments used.'],
    ['methods', 'Methods used.'],
    ['lab_ids', 'Laboratory identifiers of samples, chemicals or instruments.'],
  ] as const
).map(([name, text]) => q(`results.eln.${name}`, 'str', text, { many: true }))

export const PROPERTY_QUANTITIES: readonly SearchQuantity[] = [
  ...GENERAL,
  ...ELECTRONIC,
  ...SOLAR_CELL,
  ...MECHANICAL,
  ...DYNAMICS_AND_SPECTRA,
  ...GEOMETRY,
  ...CATALYSIS,
  ...ELN,
]
