import { ComingSoon } from '../../components/coming-soon';

export default function ResetPasswordPage() {
  return (
    <ComingSoon
      title="Set a new password"
      description="Choose a new password for your account, then sign in with it."
    />
  );
}
