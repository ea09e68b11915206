import { MinusIcon, PlusIcon } from '../../components/icons';
import './quantity-stepper.css';

interface QuantityStepperProps {
  value: number;
  max: number;
  onChange: (quantity: number) => void;
  /** Never goes below this (spec: 1). */
  min?: number;
  disabled?: boolean;
  /** Names the group, e.g. "Quantity of Rose Oil" where several steppers share a page. */
  label?: string;
}

/** − n +: decrease is disabled at the minimum, increase at the maximum. */
export function QuantityStepper({
  value,
  max,
  onChange,
  min = 1,
  disabled = false,
  label = 'Quantity',
}: QuantityStepperProps) {
  return (
    <div className="cat-stepper" role="group" aria-label={label}>
      <button
        type="button"
        className="cat-stepper__button"
        aria-label="Decrease quantity"
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        <MinusIcon size={16} />
      </button>
      <output className="cat-stepper__value" aria-live="polite" aria-label="Quantity">
        {value}
      </output>
      <button
        type="button"
        className="cat-stepper__button"
        aria-label="Increase quantity"
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <PlusIcon size={16} />
      </button>
    </div>
  );
}
