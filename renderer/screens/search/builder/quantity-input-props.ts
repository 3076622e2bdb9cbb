import type { QuantityCatalogue } from '../../../../shared/query'
import type { BuilderModel } from '../model'

/** What every builder input for one root-level quantity (terms, ranges, dates) is given. */
export interface QuantityInputProps {
  quantity: string
  model: BuilderModel
  onChange: (model: BuilderModel) => void
  catalogue: QuantityCatalogue
}
