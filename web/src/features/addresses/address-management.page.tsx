import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { MapPinIcon, PencilIcon, PhoneIcon, PlusIcon } from '../../components/icons';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { getErrorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { EmptyState } from '../../components/ui/empty-state';
import { TrashIcon } from '../cart/commerce-icons';
import { AddressFormDialog } from './address-form-dialog';
import type { Address } from './addresses.api';
import { useAddresses, useDeleteAddress } from './use-addresses';
import '../../components/ui/admin.css';
import '../cart/commerce.css';
import './addresses.css';

/** The form is open for a new address ('new') or for one being edited. */
type Editing = 'new' | Address | null;

function AddressCard({
  address,
  onEdit,
  onDelete,
}: {
  address: Address;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="address-card">
      <div className="address-card__top">
        <span className="address-card__label">{address.label}</span>
        <div className="address-card__actions">
          <button
            type="button"
            className="cat-icon-action"
            aria-label={`Edit address ${address.label}`}
            onClick={onEdit}
          >
            <PencilIcon size={18} />
          </button>
          <button
            type="button"
            className="cat-icon-action cat-icon-action--danger"
            aria-label={`Delete address ${address.label}`}
            onClick={onDelete}
          >
            <TrashIcon size={18} />
          </button>
        </div>
      </div>
      <strong className="address-card__name">{address.fullName}</strong>
      <address className="address-card__lines">
        <span>{address.street}</span>
        <span>
          {address.city}, {address.state} {address.postalCode}
        </span>
        <span>{address.country}</span>
      </address>
      <span className="address-card__phone">
        <PhoneIcon size={16} /> {address.phone}
      </span>
    </li>
  );
}

export default function AddressManagementPage() {
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);

  useEffect(() => {
    if (addresses.error) toast.error(getErrorMessage(addresses.error, 'Failed to load addresses'));
  }, [addresses.error]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        toast.success('Address deleted successfully');
        setDeleting(null);
      },
      onError: (error) => {
        toast.error(getErrorMessage(error, 'Failed to delete address'));
        setDeleting(null);
      },
    });
  };

  const list = addresses.data ?? [];
  let body;
  if (addresses.isPending) body = <PageLoader />;
  else if (addresses.error && !addresses.data)
    body = (
      <EmptyState title="Failed to load addresses" message="Please try again in a moment.">
        <button type="button" className="btn btn--primary" onClick={() => void addresses.refetch()}>
          Try Again
        </button>
      </EmptyState>
    );
  else if (list.length === 0)
    body = (
      <EmptyState title="No saved addresses yet" message="Add one now and checkout takes a single click.">
        <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
          <PlusIcon size={18} /> Add New Address
        </button>
      </EmptyState>
    );
  else
    body = (
      <ul className="address-grid" aria-label="Saved addresses">
        {list.map((address) => (
          <AddressCard
            key={address._id}
            address={address}
            onEdit={() => setEditing(address)}
            onDelete={() => setDeleting(address)}
          />
        ))}
      </ul>
    );

  return (
    <section className="commerce-page container" aria-labelledby="addresses-title">
      <PageTitle title="Saved addresses" />
      <header className="commerce-page__header commerce-page__header--row">
        <div>
          <span className="eyebrow">Your account</span>
          <h1 id="addresses-title">Saved Addresses</h1>
          <p className="muted">
            <MapPinIcon size={16} className="inline-icon" /> Where your store orders are delivered.
          </p>
        </div>
        <div className="address-page__tools">
          <Link className="btn btn--ghost btn--sm" to={paths.dashboard}>
            Back to Dashboard
          </Link>
          {list.length > 0 && (
            <button type="button" className="btn btn--primary btn--sm" onClick={() => setEditing('new')}>
              <PlusIcon size={18} /> Add New Address
            </button>
          )}
        </div>
      </header>
      {body}

      <AddressFormDialog
        open={editing !== null}
        address={editing === 'new' || editing === null ? undefined : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete address"
        message="Are you sure you want to delete this address?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
