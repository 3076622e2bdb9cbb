/** Contents of the showcase files (showcase-files.ts): one realistic file per preview kind. */

export const SHOWCASE_JSON = JSON.stringify(
  {
    structure: {
      chemical_formula: 'H2O',
      lattice_vectors: [
        [10, 0, 0],
        [0, 10, 0],
        [0, 0, 10],
      ],
      atoms: [
        { label: 'O', position: [0, 0, 0.1173] },
        { label: 'H', position: [0.757, 0.586, 0] },
        { label: 'H', position: [-0.757, 0.586, 0] },
      ],
      periodic: [false, false, false],
    },
    method: { code: 'FHI-aims', functional: 'PBE', basis: 'tight', spin_polarized: false },
    results: { energy_total_eV: -2079.1696, converged: true, steps: 14, forces: null },
  },
  null,
  2,
)

export const SHOWCASE_YAML = `# A workflow description as researchers write them
workflow:
  name: Water geometry optimisation
  steps:
    - name: relax
      code: FHI-aims
      settings:
        xc: pbe
        relax_geometry: bfgs 5e-3
    - name: single point
      code: FHI-aims
      settings:
        xc: hse06
        k_grid: [1, 1, 1]
  outputs:
    energy_unit: eV
    files: [aims.out, geometry.in.next_step]
`

export const SHOWCASE_PY = `"""Plots the total energy of each step of the relaxation."""
import csv
from pathlib import Path

import matplotlib.pyplot as plt


def read_energies(path: Path) -> list[float]:
    with path.open() as handle:
        return [float(row["energy_eV"]) for row in csv.DictReader(handle)]


if __name__ == "__main__":
    energies = read_energies(Path("thermo.csv"))
    plt.plot(range(len(energies)), energies, marker="o")
    plt.xlabel("step")
    plt.ylabel("energy (eV)")
    plt.savefig("plot.png", dpi=150)
`

/** A CSV with a header and `rows` rows of an MD run's observables. */
export function showcaseCsv(rows: number): string {
  const lines = ['step,time_fs,temperature_K,energy_eV,pressure_bar']
  for (let i = 0; i < rows; i++) {
    const t = 300 + Math.sin(i / 9) * 12
    const e = -2079.1 + Math.cos(i / 13) * 0.4
    lines.push(
      `${i},${(i * 0.5).toFixed(1)},${t.toFixed(2)},${e.toFixed(5)},${(1 + (i % 5) * 0.1).toFixed(2)}`,
    )
  }
  return lines.join('\n') + '\n'
}

/** notes.txt.xz: made once with `xz -9` (Node has no LZMA); `plain` is what it holds. */
export const SHOWCASE_XZ = {
  plain:
    'NOMAD sandbox: a compressed log, previewed through decompress=true.\nstep 1  energy -10.123 eV\nstep 2  energy -10.456 eV\nstep 3  energy -10.789 eV\ndone\n',
  base64:
    '/Td6WFoAAATm1rRGAgAhARwAAAAQz1jM4ACWAGldACcTxdEhNwdQTiNHzczk+D7bU6YhfA6dK3Wy+hpsPutX/ANQzN9Yx/j8SBiwlRzshpOBbUxZMc9L/x3CxZ1IZN/9JGd7i0zBZZ46Rog5P5FzB08QcyK74i8P9VRGVvQYUJj4dMxfRjVFAAAAAABAf0u5A7+VHAABhQGXAQAALMsdkbHEZ/sCAAAAAARZWg==',
}
