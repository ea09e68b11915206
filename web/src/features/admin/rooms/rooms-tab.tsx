import { useState } from 'react';
import { useDependentsGuard } from '../../../components/admin/dependents-dialog';
import { PlusIcon } from '../../../components/icons';
import { formatINR } from '../../../lib/format';
import { createRoom, deleteRoom, updateRoom, type RoomInput } from '../../catalogue/catalogue.api';
import { PencilIcon, TrashIcon } from '../../catalogue/catalogue-icons';
import { useCatalogueMutation } from '../../catalogue/catalogue-mutation';
import { AdminListPager, useAdminListPage } from '../../catalogue/admin-page';
import { useConfirm } from '../../catalogue/confirm-dialog';
import { EmptyState } from '../../catalogue/empty-state';
import { Modal } from '../../catalogue/modal';
import type { Room } from '../../catalogue/types';
import { RoomForm } from './room-form';
import '../../catalogue/admin.css';
import '../../catalogue/badge.css';

type Editing = { mode: 'add' } | { mode: 'edit'; room: Room } | null;

const TYPE_ORDER: Record<Room['type'], number> = { Silver: 0, Gold: 1, Diamond: 2 };

function byTypeThenNumber(a: Room, b: Room): number {
  return (
    (TYPE_ORDER[a.type] ?? 9) - (TYPE_ORDER[b.type] ?? 9) ||
    a.roomNumber.localeCompare(b.roomNumber, undefined, { numeric: true })
  );
}

/** The admin panel's Rooms tab: rooms with their computed price, add, edit and delete. */
export default function RoomsTab() {
  const rooms = useAdminListPage<Room>('/admin/rooms');
  const [editing, setEditing] = useState<Editing>(null);
  const { confirm, dialog } = useConfirm();
  const { guard, dialog: dependentsDialog } = useDependentsGuard();

  const save = useCatalogueMutation(
    ({ id, input }: { id?: string; input: RoomInput }) => (id ? updateRoom(id, input) : createRoom(input)),
    {
      success: ({ id }) => (id ? 'Room updated successfully' : 'Room added successfully'),
      failure: 'Failed to save room',
      report: 'banner',
    },
  );
  // Booking may refuse the delete while future appointments use the room: the admin then deactivates it
  // (Maintenance: no new bookings, the appointments kept) or cancels them (customers are told) and deletes.
  const remove = useCatalogueMutation(
    async (room: Room): Promise<string | undefined> => {
      const choice = await guard(() => deleteRoom(room._id), {
        deactivate: 'Deactivate instead',
        force: (count) => `Cancel ${count === 1 ? 'the appointment' : `${count} appointments`} and delete`,
      });
      if (choice === 'deleted') return 'Room deleted successfully';
      if (choice === 'deactivate') {
        const { roomNumber, capacity, type, location } = room;
        await updateRoom(room._id, { roomNumber, capacity, type, location, status: 'Maintenance' });
        return `Room ${room.roomNumber} deactivated (Maintenance): no new bookings; its appointments are kept`;
      }
      if (choice === 'force') return (await deleteRoom(room._id, { cancelFuture: true })).message;
      return undefined;
    },
    {
      success: (_room, message) => message,
      failure: 'Failed to delete room',
      report: 'banner',
    },
  );

  const open = (next: Editing) => {
    save.reset();
    setEditing(next);
  };

  const onSave = async (input: RoomInput) => {
    const id = editing?.mode === 'edit' ? editing.room._id : undefined;
    if (await save.run({ id, input })) setEditing(null);
  };

  const onDelete = async (room: Room) => {
    if (await confirm('Are you sure you want to delete this room?')) await remove.run(room);
  };

  // The server pages by room number; each page shows its rooms grouped by type.
  const list = [...rooms.items].sort(byTypeThenNumber);

  return (
    <div className="cat-admin">
      <div className="cat-admin-toolbar">
        <div>
          <h2>Rooms</h2>
          <p>Price follows the room: ₹1,000 base, +₹500 double bed, +₹1,000 Gold, +₹2,000 Diamond.</p>
        </div>
        <button type="button" className="btn btn--primary" onClick={() => open({ mode: 'add' })}>
          <PlusIcon size={18} /> Add Room
        </button>
      </div>

      {rooms.error && (
        <p className="cat-admin-banner" role="alert">
          Failed to fetch rooms
        </p>
      )}
      {remove.errorMessage && (
        <p className="cat-admin-banner" role="alert">
          {remove.errorMessage}
        </p>
      )}

      {rooms.isPending ? (
        <p className="cat-admin-loading">Loading rooms…</p>
      ) : list.length === 0 ? (
        <EmptyState title="No rooms available" message="Add a room to offer it for bookings." />
      ) : (
        <div className="cat-table-wrap">
          <table className="cat-table">
            <thead>
              <tr>
                <th scope="col">Room</th>
                <th scope="col">Type</th>
                <th scope="col">Capacity</th>
                <th scope="col">Location</th>
                <th scope="col" className="cat-table__number">
                  Price
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((room) => (
                <tr key={room._id}>
                  <td className="cat-table__name">{room.roomNumber}</td>
                  <td>
                    <span className={`cat-room-type cat-room-type--${room.type.toLowerCase()}`}>
                      {room.type}
                    </span>
                  </td>
                  <td>{room.capacity}</td>
                  <td>{room.location}</td>
                  <td className="cat-table__number">{formatINR(room.price)}</td>
                  <td>
                    <span
                      className={`cat-badge ${room.status === 'Occupied' ? 'cat-badge--success' : 'cat-badge--muted'}`}
                    >
                      {room.status}
                    </span>
                  </td>
                  <td>
                    <div className="cat-row-actions">
                      <button
                        type="button"
                        className="cat-icon-action"
                        aria-label={`Edit room ${room.roomNumber}`}
                        onClick={() => open({ mode: 'edit', room })}
                      >
                        <PencilIcon size={18} />
                      </button>
                      <button
                        type="button"
                        className="cat-icon-action cat-icon-action--danger"
                        aria-label={`Delete room ${room.roomNumber}`}
                        onClick={() => void onDelete(room)}
                      >
                        <TrashIcon size={18} />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <AdminListPager list={rooms} noun="rooms" />
        </div>
      )}

      {editing && (
        <Modal title={editing.mode === 'edit' ? 'Edit Room' : 'Add Room'} onClose={() => setEditing(null)}>
          <RoomForm
            room={editing.mode === 'edit' ? editing.room : undefined}
            saving={save.pending}
            serverError={save.errorMessage}
            onSave={(input) => void onSave(input)}
            onCancel={() => setEditing(null)}
          />
        </Modal>
      )}
      {dialog}
      {dependentsDialog}
    </div>
  );
}
