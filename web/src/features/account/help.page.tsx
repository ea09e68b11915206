import { ComingSoon } from '../../components/coming-soon';

export default function HelpPage() {
  return (
    <ComingSoon
      title="Help & support"
      description="Answers to common questions and ways to reach our team."
    />
  );
}
