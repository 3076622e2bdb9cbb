import { describe, expect, it } from 'vitest'
import { quantity } from '../../../../shared/query'
import { formatCell } from './format-cell'

const uploaded = quantity('upload_create_time', 'datetime', 'When the upload was created')

describe('formatCell', () => {
  it('shows a date-time as its day in the cell and with its time on hover', () => {
    expect(formatCell('2023-05-02T09:14:33.120000+00:00', uploaded)).toBe('2023-05-02')
    expect(formatCell('2023-05-02T09:14:33.120000+00:00', uploaded, 'full')).toBe(
      '2023-05-02 09:14 UTC',
    )
  })

  it('leaves text that is not a date as it is', () => {
    expect(formatCell('yesterday', uploaded)).toBe('yesterday')
    expect(formatCell('yesterday', uploaded, 'full')).toBe('yesterday')
    expect(formatCell('2023-05-02', uploaded, 'full')).toBe('2023-05-02')
    expect(formatCell(['Lena Horvath', 'Ana Ruiz'], undefined)).toBe('Lena Horvath, Ana Ruiz')
  })
})
