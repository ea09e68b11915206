import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { RequireAuth } from '../../components/guards/require-auth';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { formatINR } from '../../lib/format';
import { toast } from '../../stores/toast.store';
import { useFavorites } from '../catalogue/catalogue.queries';
import { EmptyState } from '../../components/ui/empty-state';
import { ImageWithFallback } from '../../components/ui/image-with-fallback';
import { bookingTarget } from '../catalogue/links';
import { startingPrice } from '../catalogue/service-lists';
import { refName, type Service } from '../catalogue/types';
import '../catalogue/favorites.css';

function FavoriteCard({ service }: { service: Service }) {
  const booking = bookingTarget({ serviceId: service._id });
  const from = startingPrice(service);
  const category = refName(service.category);
  return (
    <li className="favorite-card">
      <ImageWithFallback className="favorite-card__media" src={service.images[0]} alt={service.name} />
      <div className="favorite-card__body">
        {category && <span className="favorite-card__eyebrow">{category}</span>}
        <h2 className="favorite-card__title">{service.name}</h2>
        {from !== undefined && <p className="favorite-card__price">From {formatINR(from)}</p>}
        <div className="favorite-card__actions">
          <Link
            className="btn btn--secondary btn--sm"
            to={paths.service(service._id)}
            aria-label={`View ${service.name}`}
          >
            View
          </Link>
          <Link className="btn btn--primary btn--sm" to={booking.to} state={booking.state}>
            Book Now
          </Link>
        </div>
      </div>
    </li>
  );
}

function Favorites() {
  const favorites = useFavorites();

  useEffect(() => {
    if (favorites.error) toast.error('Failed to load favorites');
  }, [favorites.error]);

  if (favorites.isPending) return <PageLoader />;
  const services = favorites.data ?? [];
  return (
    <section className="favorites container" aria-labelledby="favorites-title">
      <PageTitle title="Favorites" />
      <header className="section-heading">
        <span className="eyebrow">Your account</span>
        <h1 id="favorites-title">Favorite treatments</h1>
        <p className="lead">The treatments you have saved, ready to book again.</p>
      </header>
      {services.length === 0 ? (
        <EmptyState
          title="No favorites yet"
          message="Tap the heart on a treatment to keep it here for next time."
        >
          <Link className="btn btn--primary" to={`${paths.home}#services`}>
            Explore Services
          </Link>
        </EmptyState>
      ) : (
        <ul className="favorites__grid">
          {services.map((service) => (
            <FavoriteCard key={service._id} service={service} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The signed-in customer's favorite treatments; signed-out visitors are sent to sign in first. */
export default function FavoritesPage() {
  return (
    <RequireAuth>
      <Favorites />
    </RequireAuth>
  );
}
