import { useNavigation } from 'react-router-dom';

/** A thin bar at the top while the next screen's code is fetched; the current screen stays visible. */
export function RouteProgress() {
  const navigation = useNavigation();
  return navigation.state === 'idle' ? null : <div className="route-progress" aria-hidden="true" />;
}
