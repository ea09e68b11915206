import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { formatINR } from '../../lib/format';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterChips } from '../../components/ui/filter-chips';
import { ImageWithFallback } from '../../components/ui/image-with-fallback';
import { refId, refName, type Service, type ServiceCategory } from '../catalogue/types';
import { cardPricing, optionKey, optionTitle } from './booking-choices';

interface ServicesStepProps {
  services: Service[] | undefined;
  categories: ServiceCategory[];
  failed: boolean;
  categoryId: string;
  selectedServiceId?: string;
  onCategory: (categoryId: string) => void;
  onBook: (service: Service) => void;
}

/** Step 1: category pills and one card per treatment. */
export function ServicesStep({
  services,
  categories,
  failed,
  categoryId,
  selectedServiceId,
  onCategory,
  onBook,
}: ServicesStepProps) {
  const shown = (services ?? []).filter((service) => !categoryId || refId(service.category) === categoryId);
  const categoryName = categories.find((category) => category._id === categoryId)?.name;

  return (
    <section className="booking-step" aria-labelledby="booking-step-title">
      <header className="booking-step__header">
        <h2 id="booking-step-title">Choose a treatment</h2>
        <p className="muted">Pick what you would like; you choose the duration and time next.</p>
      </header>

      <FilterChips
        label="Treatment categories"
        allLabel="All Treatments"
        options={categories.map((category) => ({ value: category._id, label: category.name }))}
        value={categoryId}
        onChange={onCategory}
      />

      {failed ? (
        <EmptyState title="Failed to load services" message="Please refresh the page to try again." />
      ) : services === undefined ? (
        <p className="muted" role="status">
          Loading treatments…
        </p>
      ) : shown.length === 0 ? (
        <EmptyState
          title="No services found"
          message={
            categoryName ? `No services available in ${categoryName} category` : 'No services available'
          }
        />
      ) : (
        <ul className="booking-services">
          {shown.map((service) => (
            <ServiceChoiceCard
              key={service._id}
              service={service}
              selected={service._id === selectedServiceId}
              onBook={() => onBook(service)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ServiceChoiceCard({
  service,
  selected,
  onBook,
}: {
  service: Service;
  selected: boolean;
  onBook: () => void;
}) {
  const { shown, moreLabel } = cardPricing(service.pricing);
  const category = refName(service.category);
  return (
    <li className={`booking-service${selected ? ' booking-service--selected' : ''}`}>
      <ImageWithFallback className="booking-service__media" src={service.images[0]} alt="" />
      <div className="booking-service__body">
        {category && <span className="booking-service__eyebrow">{category}</span>}
        <h3 className="booking-service__title">{service.name}</h3>
        {service.description && <p className="booking-service__text">{service.description}</p>}
        <ul className="booking-service__prices" aria-label={`${service.name} options`}>
          {shown.map((option, index) => (
            <li key={optionKey(option, index)}>
              <span>{optionTitle(option)}</span>
              <strong>{formatINR(option.price)}</strong>
            </li>
          ))}
        </ul>
        {moreLabel && <p className="booking-service__more">{moreLabel}</p>}
        <div className="booking-service__actions">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={onBook}
            aria-label={`Book Now: ${service.name}`}
          >
            Book Now
          </button>
          <Link
            className="btn btn--secondary btn--sm"
            to={paths.service(service._id)}
            aria-label={`View details of ${service.name}`}
          >
            View Details
          </Link>
        </div>
      </div>
    </li>
  );
}
