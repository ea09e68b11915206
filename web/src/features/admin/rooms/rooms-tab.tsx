import { useState } from 'react';
import { useDependentsGuard } from '../../../components/admin/dependents-dialog';
import { PlusIcon } from '../../../components/icons';
import {
  AdminBanner,
  AdminSection,
  AdminTable,
  NameCell,
  StatusBadge,
} from '../../../components/ui/admin-table';
import { formatINR } from '../../../lib/format';
import { createRoom, deleteRoom, updateRoom, type RoomInput } from '../../catalogue/catalogue.api';
import { useCatalogueMutation } from '../../catalogue/catalogue-mutation';
import { useAdminListPage } from '../../catalogue/admin-page';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import type { Room } from '../../catalogue/types';
import { RoomForm } from './room-form';

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
    <AdminSection
      title="Rooms"
      description="Price follows the room: ₹1,000 base, +₹500 double bed, +₹1,000 Gold, +₹2,000 Diamond."
      action={
        <button type="button" className="btn btn--primary" onClick={() => open({ mode: 'add' })}>
          <PlusIcon size={18} /> Add Room
        </button>
      }
    >
      <AdminBanner>{rooms.error && 'Failed to fetch rooms'}</AdminBanner>
      <AdminBanner>{remove.errorMessage}</AdminBanner>
      <AdminTable
        list={rooms}
        rows={list}
        rowKey={(room) => room._id}
        noun="rooms"
        empty={{ title: 'No rooms available', message: 'Add a room to offer it for bookings.' }}
        columns={[
          { header: 'Room', cell: (room) => <NameCell name={room.roomNumber} /> },
          {
            header: 'Type',
            cell: (room) => (
              <span className={`cat-room-type cat-room-type--${room.type.toLowerCase()}`}>{room.type}</span>
            ),
          },
          { header: 'Capacity', cell: (room) => room.capacity },
          { header: 'Location', cell: (room) => room.location },
          { header: 'Price', numeric: true, cell: (room) => formatINR(room.price) },
          {
            header: 'Status',
            cell: (room) => <StatusBadge ok={room.status === 'Occupied'}>{room.status}</StatusBadge>,
          },
        ]}
        actions={[
          {
            kind: 'edit',
            label: (room) => `Edit room ${room.roomNumber}`,
            onClick: (room) => open({ mode: 'edit', room }),
          },
          {
            kind: 'delete',
            label: (room) => `Delete room ${room.roomNumber}`,
            onClick: (room) => void onDelete(room),
          },
        ]}
      />

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
    </AdminSection>
  );
}
