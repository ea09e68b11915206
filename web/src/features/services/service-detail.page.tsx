import { ComingSoon } from '../../components/coming-soon';

export default function ServiceDetailPage() {
  return (
    <ComingSoon
      title="Treatment details"
      description="Everything about a treatment: description, benefits, durations and prices, and booking."
    />
  );
}
