import { useState, type FormEvent } from 'react';
import { roomPrice } from '@spa/rules';
import { formatINR } from '../../../lib/format';
import type { RoomInput } from '../../catalogue/catalogue.api';
import { Field } from '../../catalogue/form-field';
import { ROOM_CAPACITIES, ROOM_STATUSES, ROOM_TYPES, type Room } from '../../catalogue/types';
import { roomDraft, validateRoomDraft, type RoomDraft } from './room-form.rules';

interface RoomFormProps {
  room?: Room;
  saving: boolean;
  /** The server's refusal, shown as the spec's red banner. */
  serverError?: string;
  onSave: (input: RoomInput) => void;
  onCancel: () => void;
}

/** Add or edit a room; the price is not editable and follows capacity and type as they change. */
export function RoomForm({ room, saving, serverError, onSave, onCancel }: RoomFormProps) {
  const [draft, setDraft] = useState(() => roomDraft(room));
  const [error, setError] = useState<string>();
  const update = (changes: Partial<RoomDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const price = roomPrice(draft.capacity, draft.type);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateRoomDraft(draft);
    setError(result.error);
    if (result.input) onSave(result.input);
  };

  const banner = error ?? serverError;
  return (
    <form className="cat-form" onSubmit={submit} noValidate>
      {banner && (
        <p className="cat-admin-banner" role="alert">
          {banner}
        </p>
      )}
      <div className="cat-form-grid">
        <Field label="Room Number" required>
          {(control) => (
            <input
              {...control}
              className="cat-input"
              value={draft.roomNumber}
              onChange={(event) => update({ roomNumber: event.target.value })}
              autoFocus
            />
          )}
        </Field>
        <Field label="Location" required>
          {(control) => (
            <input
              {...control}
              className="cat-input"
              placeholder="First floor, east wing"
              value={draft.location}
              onChange={(event) => update({ location: event.target.value })}
            />
          )}
        </Field>
        <Field label="Capacity">
          {(control) => (
            <select
              {...control}
              className="cat-input"
              value={draft.capacity}
              onChange={(event) => update({ capacity: event.target.value as RoomDraft['capacity'] })}
            >
              {ROOM_CAPACITIES.map((capacity) => (
                <option key={capacity}>{capacity}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Type">
          {(control) => (
            <select
              {...control}
              className="cat-input"
              value={draft.type}
              onChange={(event) => update({ type: event.target.value as RoomDraft['type'] })}
            >
              {ROOM_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Status">
          {(control) => (
            <select
              {...control}
              className="cat-input"
              value={draft.status}
              onChange={(event) => update({ status: event.target.value as RoomDraft['status'] })}
            >
              {ROOM_STATUSES.map((status) => (
                <option key={status}>{status}</option>
              ))}
            </select>
          )}
        </Field>
        <div className="cat-computed-price" aria-live="polite">
          <span>
            Price
            <small>Set by capacity and type</small>
          </span>
          <strong data-testid="room-price">{formatINR(price)}</strong>
        </div>
      </div>
      <div className="cat-modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving…' : room ? 'Update Room' : 'Add Room'}
        </button>
      </div>
    </form>
  );
}
