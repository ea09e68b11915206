import {
  canOpen,
  INDICATOR_STEPS,
  indicatorIndex,
  type WizardState,
  type WizardStep,
} from './booking-wizard';

interface StepIndicatorProps {
  state: WizardState;
  onOpen: (step: WizardStep) => void;
}

/**
 * The four steps across the top (spec: Select Service, Select Time, Select Room Type, Confirmation;
 * on phones Services, Time, Room, Confirm). A step opens only once the choices before it exist.
 */
export function StepIndicator({ state, onOpen }: StepIndicatorProps) {
  const current = indicatorIndex(state.step);
  const finished = state.step === 'confirmation';
  return (
    <nav className="booking-steps" aria-label="Booking steps">
      <ol>
        {INDICATOR_STEPS.map((entry, index) => {
          const done = index < current || finished;
          const isCurrent = index === current && !finished;
          return (
            <li
              key={entry.step}
              className={`booking-steps__item${done ? ' booking-steps__item--done' : ''}${isCurrent ? ' booking-steps__item--current' : ''}`}
            >
              <button
                type="button"
                className="booking-steps__button"
                disabled={isCurrent || !canOpen(entry.step, state)}
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => onOpen(entry.step)}
              >
                <span className="booking-steps__number" aria-hidden="true">
                  {done ? '✓' : index + 1}
                </span>
                <span className="booking-steps__label booking-steps__label--wide">{entry.label}</span>
                <span className="booking-steps__label booking-steps__label--narrow" aria-hidden="true">
                  {entry.mobileLabel}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
