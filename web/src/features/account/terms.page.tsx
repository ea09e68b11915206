import { ComingSoon } from '../../components/coming-soon';

export default function TermsPage() {
  return (
    <ComingSoon
      title="Terms & policies"
      description="Our terms of service, booking, cancellation, return and privacy policies."
    />
  );
}
