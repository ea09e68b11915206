import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { formatINR } from '../../lib/format';
import { ImageWithFallback } from '../../components/ui/image-with-fallback';
import { bookingTarget } from '../catalogue/links';
import { refName, type Service } from '../catalogue/types';
import { RatingLine } from '../reviews/stars';

/** A treatment in the carousel: picture, name, one row per duration with its price, Book Now and View. */
export function ServiceCard({ service }: { service: Service }) {
  const booking = bookingTarget({ serviceId: service._id });
  const category = refName(service.category);
  return (
    <li className="carousel-card">
      <ImageWithFallback className="carousel-card__media" src={service.images[0]} alt={service.name} />
      <div className="carousel-card__body">
        {category && <span className="carousel-card__eyebrow">{category}</span>}
        <h3 className="carousel-card__title">{service.name}</h3>
        <RatingLine rating={service.rating} size={14} />
        <ul className="price-rows" aria-label={`${service.name} durations and prices`}>
          {service.pricing.map((option, index) => (
            <li key={option._id ?? index} className="price-rows__row">
              <span>{option.label || option.duration}</span>
              <strong>{formatINR(option.price)}</strong>
            </li>
          ))}
        </ul>
        <div className="carousel-card__actions">
          <Link className="btn btn--primary btn--sm" to={booking.to} state={booking.state}>
            Book Now
          </Link>
          <Link
            className="btn btn--secondary btn--sm"
            to={paths.service(service._id)}
            aria-label={`View ${service.name}`}
          >
            View
          </Link>
        </div>
      </div>
    </li>
  );
}
