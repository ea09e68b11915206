import { ComingSoon } from '../../components/coming-soon';

export default function ReviewsPage() {
  return <ComingSoon title="My reviews" description="The reviews you have written for our treatments." />;
}
