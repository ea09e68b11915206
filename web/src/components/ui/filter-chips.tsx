import './filter-chips.css';

interface ChipOption {
  value: string;
  label: string;
}

interface FilterChipsProps {
  /** Names the group for assistive technology, e.g. "Service categories". */
  label: string;
  /** The first chip, meaning "no filter" (value ''). */
  allLabel: string;
  options: readonly ChipOption[];
  value: string;
  onChange: (value: string) => void;
  size?: 'md' | 'sm';
}

/** A strip of toggle chips where exactly one is selected; '' is the "all" chip. */
export function FilterChips({ label, allLabel, options, value, onChange, size = 'md' }: FilterChipsProps) {
  const chips = [{ value: '', label: allLabel }, ...options];
  return (
    <div className={`cat-chips cat-chips--${size}`} role="group" aria-label={label}>
      {chips.map((chip) => {
        const selected = chip.value === value;
        return (
          <button
            key={chip.value || '__all'}
            type="button"
            className={`cat-chip${selected ? ' cat-chip--selected' : ''}`}
            aria-pressed={selected}
            onClick={() => onChange(chip.value)}
          >
            {chip.label}
          </button>
        );
      })}
    </div>
  );
}
