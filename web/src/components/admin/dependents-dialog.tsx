import { useCallback, useState, type ReactNode } from 'react';
import { Modal } from '../ui/modal';
import { appointmentsText, futureAppointmentsOf, type FutureAppointments } from './future-appointments';

/** What the admin chose when a delete was refused because future appointments depend on the thing. */
export type DependentsChoice = 'deleted' | 'deactivate' | 'force' | 'cancel';

export interface DependentsLabels {
  /** "Deactivate instead"; leave out when the thing cannot be deactivated. */
  deactivate?: string;
  /** The button that goes ahead, given the count: "Cancel 3 appointments and delete". */
  force: (count: number) => string;
}

interface Pending extends FutureAppointments, DependentsLabels {
  resolve: (choice: DependentsChoice) => void;
}

/**
 * The one dialog of every admin tab whose deletes booking may refuse (rooms, treatments, employees):
 * `guard(attempt, labels)` runs the delete; when it is refused with 409 HAS_FUTURE_APPOINTMENTS it shows
 * how many appointments depend on it and the real choices, and resolves what the admin chose. Other
 * errors are thrown as they were. Render `dialog` once in the tab.
 */
export function useDependentsGuard(): {
  guard: (attempt: () => Promise<unknown>, labels: DependentsLabels) => Promise<DependentsChoice>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);

  const guard = useCallback(async (attempt: () => Promise<unknown>, labels: DependentsLabels) => {
    try {
      await attempt();
      return 'deleted' as const;
    } catch (error) {
      const refusal = futureAppointmentsOf(error);
      if (!refusal) throw error;
      return new Promise<DependentsChoice>((resolve) => setPending({ ...refusal, ...labels, resolve }));
    }
  }, []);

  const answer = (choice: DependentsChoice) => {
    pending?.resolve(choice);
    setPending(null);
  };

  const dialog = (
    <Modal
      closeOnBackdrop
      open={pending !== null}
      title={pending ? `${appointmentsText(pending.count)} depend on this` : ''}
      onClose={() => answer('cancel')}
      size="sm"
      footer={
        pending && (
          <>
            <button type="button" className="btn btn--ghost" onClick={() => answer('cancel')}>
              Keep it
            </button>
            {pending.deactivate && (
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => answer('deactivate')}
                autoFocus
              >
                {pending.deactivate}
              </button>
            )}
            <button type="button" className="btn btn--danger" onClick={() => answer('force')}>
              {pending.force(pending.count)}
            </button>
          </>
        )
      }
    >
      {pending && <p className="modal__message">{pending.message}</p>}
    </Modal>
  );

  return { guard, dialog };
}
