import { ComingSoon } from '../../components/coming-soon';

export default function AddressManagementPage() {
  return (
    <ComingSoon
      title="Saved addresses"
      description="Add, edit and remove the delivery addresses you use at checkout."
    />
  );
}
