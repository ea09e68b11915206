import { ComingSoon } from '../../components/coming-soon';

export default function ForgotPasswordPage() {
  return (
    <ComingSoon
      title="Forgot your password"
      description="Enter your email address and we will send you a link to set a new password."
    />
  );
}
