import { ComingSoon } from '../../components/coming-soon';

export default function RegisterPage() {
  return (
    <ComingSoon
      title="Create your account"
      description="Sign up as a guest or a team member to book treatments, shop and follow your orders."
    />
  );
}
