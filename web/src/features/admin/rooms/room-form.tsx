import { roomPrice } from '@spa/rules';
import { formatINR } from '../../../lib/format';
import type { RoomInput } from '../../catalogue/catalogue.api';
import { FormField } from '../../../components/ui/form-field';
import { useForm } from '../../../components/ui/use-form';
import { ROOM_CAPACITIES, ROOM_STATUSES, ROOM_TYPES, type Room } from '../../catalogue/types';
import { roomDraft, validateRoomDraft } from './room-form.rules';

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
  const form = useForm({ initial: () => roomDraft(room), validate: validateRoomDraft, onSubmit: onSave });
  const price = roomPrice(form.values.capacity, form.values.type);

  const banner = form.error ?? serverError;
  return (
    <form className="cat-form" onSubmit={form.handleSubmit} noValidate>
      {banner && (
        <p className="cat-admin-banner" role="alert">
          {banner}
        </p>
      )}
      <div className="cat-form-grid">
        <FormField label="Room Number" required>
          {(control) => (
            <input {...control} className="cat-input" {...form.field('roomNumber').input} autoFocus />
          )}
        </FormField>
        <FormField label="Location" required>
          {(control) => (
            <input
              {...control}
              className="cat-input"
              placeholder="First floor, east wing"
              {...form.field('location').input}
            />
          )}
        </FormField>
        <FormField label="Capacity">
          {(control) => (
            <select {...control} className="cat-input" {...form.field('capacity').input}>
              {ROOM_CAPACITIES.map((capacity) => (
                <option key={capacity}>{capacity}</option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Type">
          {(control) => (
            <select {...control} className="cat-input" {...form.field('type').input}>
              {ROOM_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Status">
          {(control) => (
            <select {...control} className="cat-input" {...form.field('status').input}>
              {ROOM_STATUSES.map((status) => (
                <option key={status}>{status}</option>
              ))}
            </select>
          )}
        </FormField>
        <div className="cat-computed-price" aria-live="polite">
          <span>
            Price
            <small>Set by capacity and type</small>
          </span>
          <strong data-testid="room-price">{formatINR(price)}</strong>
        </div>
      </div>
      <div className="modal__actions">
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
