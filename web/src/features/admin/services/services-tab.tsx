import { ComingSoon } from '../../../components/coming-soon';

/** The admin panel's Services tab. */
export default function ServicesTab() {
  return <ComingSoon title="Services" description="Treatments and their categories." />;
}
