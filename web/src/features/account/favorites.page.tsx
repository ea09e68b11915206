import { ComingSoon } from '../../components/coming-soon';

export default function FavoritesPage() {
  return (
    <ComingSoon
      title="Favorites"
      description="The treatments you have marked as favorites, ready to book again."
    />
  );
}
