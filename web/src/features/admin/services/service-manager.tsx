import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { useDependentsGuard } from '../../../components/admin/dependents-dialog';
import { EyeIcon, PencilIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { AdminSection } from '../../../components/ui/admin-table';
import { formatINR } from '../../../lib/format';
import { toast } from '../../../stores/toast.store';
import {
  createService,
  deactivateService,
  deleteService,
  updateService,
  type ServiceInput,
} from '../../catalogue/catalogue.api';
import { useCatalogueMutation } from '../../catalogue/catalogue-mutation';
import { AdminListPager, useAdminListPage } from '../../catalogue/admin-page';
import { useCategories } from '../../catalogue/catalogue.queries';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FilterChips } from '../../../components/ui/filter-chips';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { Modal } from '../../../components/ui/modal';
import { activeCategoriesInOrder } from '../../catalogue/service-lists';
import { refName, type Service } from '../../catalogue/types';
import { ServiceForm } from './service-form';

type Editing = { mode: 'add' } | { mode: 'edit'; service: Service } | null;

function ServiceCard({
  service,
  categoryName,
  onEdit,
  onDelete,
}: {
  service: Service;
  categoryName?: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="cat-admin-card">
      <ImageWithFallback className="cat-admin-card__media" src={service.images[0]} alt="" />
      <div className="cat-admin-card__body">
        <div className="cat-admin-card__title-row">
          <h3 className="cat-admin-card__title">{service.name}</h3>
          <span className={`cat-badge ${service.isActive ? 'cat-badge--success' : 'cat-badge--muted'}`}>
            {service.isActive ? 'Active' : 'Inactive'}
          </span>
        </div>
        <p className="cat-admin-card__text">{categoryName ?? 'No category'}</p>
        <ul className="cat-price-list">
          {service.pricing.map((option, index) => (
            <li key={option._id ?? index}>
              <span>{option.label || option.duration}</span>
              <strong>{formatINR(option.price)}</strong>
            </li>
          ))}
        </ul>
      </div>
      <div className="cat-admin-card__footer">
        <span className="muted">{service.images.length} image(s)</span>
        <div className="cat-row-actions">
          <Link
            className="cat-icon-action"
            to={paths.service(service._id)}
            aria-label={`View ${service.name}`}
          >
            <EyeIcon size={18} />
          </Link>
          <button
            type="button"
            className="cat-icon-action"
            aria-label={`Edit ${service.name}`}
            onClick={onEdit}
          >
            <PencilIcon size={18} />
          </button>
          <button
            type="button"
            className="cat-icon-action cat-icon-action--danger"
            aria-label={`Delete ${service.name}`}
            onClick={onDelete}
          >
            <TrashIcon size={18} />
          </button>
        </div>
      </div>
    </li>
  );
}

/** Service Management: treatments filtered by category chips, with add, edit and delete. */
export function ServiceManager() {
  const [categoryId, setCategoryId] = useState('');
  // The category chips filter on the server, so every page holds only that category's treatments.
  const services = useAdminListPage<Service>('/admin/services', { category: categoryId });
  const categories = useCategories({ alwaysRefetch: true });
  const [editing, setEditing] = useState<Editing>(null);
  const { confirm, dialog } = useConfirm();
  const { guard, dialog: dependentsDialog } = useDependentsGuard();

  const save = useCatalogueMutation(
    ({ id, input }: { id?: string; input: ServiceInput }) =>
      id ? updateService(id, input) : createService(input),
    {
      success: ({ id }) => (id ? 'Service updated successfully' : 'Service created successfully'),
      failure: 'Failed to save service',
    },
  );
  // Booking may refuse the delete while future appointments use the treatment: the admin then
  // deactivates it (no new bookings, the appointments kept) or cancels them (customers are told) and deletes.
  const remove = useCatalogueMutation(
    async (service: Service): Promise<string | undefined> => {
      const choice = await guard(() => deleteService(service._id), {
        deactivate: 'Deactivate instead',
        force: (count) => `Cancel ${count === 1 ? 'the appointment' : `${count} appointments`} and delete`,
      });
      if (choice === 'deleted') return 'Service deleted successfully';
      if (choice === 'deactivate') {
        await deactivateService(service._id);
        return `${service.name} deactivated: no new bookings; its appointments are kept`;
      }
      if (choice === 'force') return (await deleteService(service._id, { cancelFuture: true })).message;
      return undefined;
    },
    { success: (_service, message) => message, failure: 'Failed to delete service' },
  );

  useEffect(() => {
    if (services.error || categories.error) toast.error('Failed to load data');
  }, [services.error, categories.error]);

  const orderedCategories = useMemo(() => activeCategoriesInOrder(categories.data ?? []), [categories.data]);
  // The form offers every category, inactive ones too, so an existing service keeps its own.
  const formCategories = useMemo(
    () => [
      ...orderedCategories,
      ...(categories.data ?? []).filter((category) => category.isActive === false),
    ],
    [orderedCategories, categories.data],
  );
  const shown = services.items;

  const onSave = async (input: ServiceInput) => {
    const id = editing?.mode === 'edit' ? editing.service._id : undefined;
    if (await save.run({ id, input })) setEditing(null);
  };

  const onDelete = async (service: Service) => {
    if (await confirm('Are you sure you want to delete this service?')) await remove.run(service);
  };

  return (
    <AdminSection
      title="Service Management"
      description="Treatments, their durations and prices."
      action={
        <button type="button" className="btn btn--primary" onClick={() => setEditing({ mode: 'add' })}>
          <PlusIcon size={18} /> Add Service
        </button>
      }
    >
      <FilterChips
        label="Filter services by category"
        allLabel="All"
        options={formCategories.map((category) => ({ value: category._id, label: category.name }))}
        value={categoryId}
        onChange={setCategoryId}
      />

      {services.isPending ? (
        <p className="cat-admin-loading">Loading services…</p>
      ) : shown.length === 0 ? (
        <EmptyState title="No services found" />
      ) : (
        <ul className="cat-admin-cards">
          {shown.map((service) => (
            <ServiceCard
              key={service._id}
              service={service}
              categoryName={refName(service.category, categories.data ?? [])}
              onEdit={() => setEditing({ mode: 'edit', service })}
              onDelete={() => void onDelete(service)}
            />
          ))}
        </ul>
      )}
      <AdminListPager list={services} noun="services" />

      {editing && (
        <Modal
          title={editing.mode === 'edit' ? 'Edit Service' : 'Add Service'}
          onClose={() => setEditing(null)}
          size="lg"
        >
          <ServiceForm
            service={editing.mode === 'edit' ? editing.service : undefined}
            categories={formCategories}
            saving={save.pending}
            onSave={(input) => void onSave(input)}
            onCancel={() => setEditing(null)}
          />
        </Modal>
      )}
      {dialog}
      {dependentsDialog}
    </AdminSection>
  );
}
