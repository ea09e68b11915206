import { useState, type FormEvent } from 'react';
import { Modal } from '../../components/ui/modal';
import { getErrorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { FormField } from '../../components/ui/form-field';
import type { Address } from './addresses.api';
import {
  ADDRESS_FIELDS,
  addressDraft,
  validateAddress,
  type AddressErrors,
  type AddressField,
} from './address-form.rules';
import { useSaveAddress } from './use-addresses';
import '../../components/ui/admin.css';

interface AddressFormDialogProps {
  open: boolean;
  /** The address being edited; a new one is added without it. */
  address?: Address;
  onClose: () => void;
  /** Called with the saved address (the checkout selects a new one at once). */
  onSaved?: (address: Address) => void;
}

const INPUT_ATTRIBUTES: Partial<Record<AddressField, Record<string, string>>> = {
  label: { list: 'address-labels', placeholder: 'Home, Work…' },
  fullName: { autoComplete: 'name' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  street: { autoComplete: 'street-address' },
  city: { autoComplete: 'address-level2' },
  state: { autoComplete: 'address-level1' },
  postalCode: { autoComplete: 'postal-code', inputMode: 'numeric' },
  country: { autoComplete: 'country-name' },
};

/** Add or edit a saved address: every field required, errors beside the fields. */
export function AddressFormDialog({ open, address, onClose, onSaved }: AddressFormDialogProps) {
  return (
    <Modal closeOnBackdrop open={open} title={address ? 'Edit Address' : 'Add New Address'} onClose={onClose}>
      {/* The modal mounts its content only while open: each opening starts from a fresh form. */}
      <AddressForm key={address?._id ?? 'new'} address={address} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function AddressForm({ address, onClose, onSaved }: Omit<AddressFormDialogProps, 'open'>) {
  const [draft, setDraft] = useState(() => addressDraft(address));
  const [errors, setErrors] = useState<AddressErrors>({});
  const save = useSaveAddress();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateAddress(draft);
    setErrors(result.errors);
    if (!result.input) return;
    save.mutate(
      { id: address?._id, input: result.input },
      {
        onSuccess: (saved) => {
          toast.success(address ? 'Address updated successfully' : 'Address added successfully');
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => toast.error(getErrorMessage(error, 'Failed to save address')),
      },
    );
  };

  return (
    <form
      className="cat-form"
      onSubmit={submit}
      noValidate
      aria-label={address ? 'Edit address' : 'New address'}
    >
      <div className="cat-form-grid">
        {ADDRESS_FIELDS.map(({ name, label }) => (
          <FormField
            key={name}
            label={label}
            required
            error={errors[name]}
            className={name === 'street' ? 'form-field--wide' : undefined}
          >
            {(control) => (
              <input
                {...control}
                {...INPUT_ATTRIBUTES[name]}
                className="cat-input"
                name={name}
                value={draft[name]}
                onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
                autoFocus={name === 'fullName'}
              />
            )}
          </FormField>
        ))}
      </div>
      <datalist id="address-labels">
        <option value="Home" />
        <option value="Work" />
        <option value="Other" />
      </datalist>
      <div className="address-form__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose} disabled={save.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : address ? 'Save Changes' : 'Save Address'}
        </button>
      </div>
    </form>
  );
}
