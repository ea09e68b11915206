import { ComingSoon } from '../../components/coming-soon';

export default function VerifyEmailPage() {
  return (
    <ComingSoon
      title="Verify your email"
      description="Confirms your email address from the link we sent you."
    />
  );
}
