/** Generated from echo-cases.ts and checked by echo.test.ts; see echo-cases.ts. */
export const PINNED_ECHOES: Record<string, { query: unknown; echo: unknown }> = {
  empty: {
    query: {},
    echo: {},
  },
  issueExample: {
    query: {
      'results.material.elements': {
        all: ['Ti', 'O'],
      },
      'results.method.simulation.program_name': 'VASP',
      'results.properties.electronic.band_gap.value': {
        gt: 1.602176634e-19,
      },
      upload_create_time: {
        gt: '2020-01-01',
      },
    },
    echo: {
      and: [
        {
          name: 'results.material.elements',
          value: {
            all: ['Ti', 'O'],
          },
        },
        {
          name: 'results.method.simulation.program_name',
          value: 'VASP',
        },
        {
          prefix: 'results.properties.electronic.band_gap',
          query: {
            name: 'value',
            value: {
              gt: 1.602176634e-19,
            },
          },
        },
        {
          name: 'upload_create_time',
          value: {
            gt: '2020-01-01',
          },
        },
      ],
    },
  },
  elementsExcluded: {
    query: {
      and: [
        {
          'results.material.elements': {
            all: ['Ti'],
          },
        },
        {
          'results.material.elements': {
            none: ['Fe', 'Co'],
          },
        },
      ],
    },
    echo: {
      and: [
        {
          name: 'results.material.elements',
          value: {
            all: ['Ti'],
          },
        },
        {
          name: 'results.material.elements',
          value: {
            none: ['Fe', 'Co'],
          },
        },
      ],
    },
  },
  elementsOnly: {
    query: {
      'results.material.elements_exclusive': 'O Ti',
    },
    echo: {
      name: 'results.material.elements_exclusive',
      value: 'O Ti',
    },
  },
  terms: {
    query: {
      'results.method.simulation.program_name': {
        any: ['VASP', 'exciting'],
      },
      'results.material.symmetry.crystal_system': {
        none: ['cubic'],
      },
      'results.material.functional_type': {
        all: ['semiconductor'],
      },
    },
    echo: {
      and: [
        {
          name: 'results.method.simulation.program_name',
          value: {
            any: ['VASP', 'exciting'],
          },
        },
        {
          name: 'results.material.symmetry.crystal_system',
          value: {
            none: ['cubic'],
          },
        },
        {
          name: 'results.material.functional_type',
          value: {
            all: ['semiconductor'],
          },
        },
      ],
    },
  },
  ranges: {
    query: {
      'results.properties.electronic.band_gap.value': {
        gte: 8.01088317e-20,
        lt: 4.005441585e-19,
      },
      'results.material.n_elements': {
        lte: 3,
      },
      upload_create_time: {
        gte: '2019-01-01',
        lt: '2024-01-01T00:00:00',
      },
    },
    echo: {
      and: [
        {
          prefix: 'results.properties.electronic.band_gap',
          query: {
            name: 'value',
            value: {
              lt: 4.005441585e-19,
              gte: 8.01088317e-20,
            },
          },
        },
        {
          name: 'results.material.n_elements',
          value: {
            lte: 3,
          },
        },
        {
          name: 'upload_create_time',
          value: {
            lt: '2024-01-01T00:00:00',
            gte: '2019-01-01',
          },
        },
      ],
    },
  },
  authors: {
    query: {
      'authors.name': {
        any: ['Ada Lovelace', 'Alan Turing'],
      },
    },
    echo: {
      name: 'authors.name',
      value: {
        any: ['Ada Lovelace', 'Alan Turing'],
      },
    },
  },
  generic: {
    query: {
      entry_id: {
        gt: 'a',
      },
      'results.material.symmetry.space_group_number': {
        any: [225, 227],
      },
      comment: 'relaxed',
    },
    echo: {
      and: [
        {
          name: 'entry_id',
          value: {
            gt: 'a',
          },
        },
        {
          name: 'results.material.symmetry.space_group_number',
          value: {
            any: [225, 227],
          },
        },
        {
          name: 'comment',
          value: 'relaxed',
        },
      ],
    },
  },
  optimade: {
    query: {
      optimade_filter: 'nelements >= 2 AND elements HAS "O"',
    },
    echo: {
      name: 'optimade_filter',
      value: 'nelements >= 2 AND elements HAS "O"',
    },
  },
  groups: {
    query: {
      and: [
        {
          or: [
            {
              'results.material.elements': {
                all: ['Na', 'Cl'],
              },
            },
            {
              'results.method.simulation.program_name': 'FHI-aims',
              'results.material.elements': {
                all: ['H'],
              },
            },
          ],
        },
        {
          not: {
            'results.material.structural_type': 'molecule / cluster',
          },
        },
        {
          and: [
            {
              'results.method.method_name': 'DFT',
            },
          ],
        },
      ],
    },
    echo: {
      and: [
        {
          or: [
            {
              name: 'results.material.elements',
              value: {
                all: ['Na', 'Cl'],
              },
            },
            {
              and: [
                {
                  name: 'results.method.simulation.program_name',
                  value: 'FHI-aims',
                },
                {
                  name: 'results.material.elements',
                  value: {
                    all: ['H'],
                  },
                },
              ],
            },
          ],
        },
        {
          not: {
            name: 'results.material.structural_type',
            value: 'molecule / cluster',
          },
        },
        {
          and: [
            {
              name: 'results.method.method_name',
              value: 'DFT',
            },
          ],
        },
      ],
    },
  },
  raw: {
    query: {
      and: [
        {
          'results.method.simulation.program_name': 'VASP',
        },
        {
          'results.properties.electronic.band_gap': {
            type: 'direct',
            'value:gte': 1e-19,
          },
        },
      ],
    },
    echo: {
      and: [
        {
          name: 'results.method.simulation.program_name',
          value: 'VASP',
        },
        {
          prefix: 'results.properties.electronic.band_gap',
          query: {
            and: [
              {
                name: 'type',
                value: 'direct',
              },
              {
                name: 'value',
                value: {
                  gte: 1e-19,
                },
              },
            ],
          },
        },
      ],
    },
  },
}
