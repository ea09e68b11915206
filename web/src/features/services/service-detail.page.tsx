import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ArrowLeftIcon, CheckCircleIcon, ClockIcon, HeartIcon, ShareIcon } from '../../components/icons';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { isApiError } from '../../lib/api';
import { formatDuration, formatINR } from '../../lib/format';
import { selectIsSignedIn, useSessionStore } from '../../stores/session.store';
import { toast } from '../../stores/toast.store';
import { useService } from '../catalogue/catalogue.queries';
import { EmptyState } from '../../components/ui/empty-state';
import { ImageWithFallback } from '../../components/ui/image-with-fallback';
import { bookingTarget } from '../catalogue/links';
import { shareCurrentPage } from '../catalogue/share';
import { refName, type Service } from '../catalogue/types';
import { ReviewsSection } from '../reviews/review-list';
import { RatingLine } from '../reviews/stars';
import { useFavoriteToggle } from './favorite-toggle';
import '../../components/ui/badge.css';
import '../catalogue/detail.css';
import './service-detail.css';

/** Spec section 9: a main image plus up to 3 more; the first 3 benefits until Show All Benefits. */
const EXTRA_IMAGES = 3;
const BENEFITS_SHOWN = 3;

function ServiceImages({ service }: { service: Service }) {
  const images = service.images.slice(0, 1 + EXTRA_IMAGES);
  const [selected, setSelected] = useState(0);
  return (
    <div className="cat-gallery">
      <ImageWithFallback
        className="cat-gallery__main"
        src={images[selected]}
        alt={service.name}
        loading="eager"
        fetchPriority="high"
        sizes="(max-width: 900px) 100vw, 560px"
      />
      {images.length > 1 && (
        <ul className="cat-gallery__thumbs" aria-label="More pictures">
          {images.map((image, index) => (
            <li key={`${image}-${index}`}>
              <button
                type="button"
                className={`cat-gallery__thumb${index === selected ? ' cat-gallery__thumb--selected' : ''}`}
                aria-label={`Show picture ${index + 1}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
              >
                <ImageWithFallback src={image} alt="" sizes="96px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Benefits({ benefits }: { benefits: string[] }) {
  const [showAll, setShowAll] = useState(false);
  if (benefits.length === 0) return null;
  const shown = showAll ? benefits : benefits.slice(0, BENEFITS_SHOWN);
  return (
    <section className="service-detail__block" aria-labelledby="benefits-title">
      <h2 id="benefits-title">Benefits</h2>
      <ul className="cat-benefits">
        {shown.map((benefit, index) => (
          <li key={`${benefit}-${index}`}>
            <CheckCircleIcon size={18} />
            <span>{benefit}</span>
          </li>
        ))}
      </ul>
      {benefits.length > BENEFITS_SHOWN && (
        <button type="button" className="cat-text-button" onClick={() => setShowAll((all) => !all)}>
          {showAll ? 'Show Less' : 'Show All Benefits'}
        </button>
      )}
    </section>
  );
}

function ServiceView({ service }: { service: Service }) {
  const navigate = useNavigate();
  const signedIn = useSessionStore(selectIsSignedIn);
  const favorite = useFavoriteToggle(service._id);
  const [optionIndex, setOptionIndex] = useState(0);
  const category = refName(service.category);
  const chosen = service.pricing[optionIndex];

  const book = () => {
    if (!signedIn) {
      toast.error('Please login to book an appointment');
      return;
    }
    const target = bookingTarget({ serviceId: service._id, pricingId: chosen?._id });
    void navigate(target.to, { state: target.state });
  };

  return (
    <article className="service-detail container" aria-labelledby="service-title">
      <PageTitle title={service.name} />
      <Link className="cat-back-link" to={`${paths.home}#services`}>
        <ArrowLeftIcon size={16} /> Back to Services
      </Link>
      <div className="service-detail__layout">
        <ServiceImages service={service} />

        <div className="service-detail__info">
          {category && <span className="cat-badge cat-badge--accent">{category}</span>}
          <div className="service-detail__title-row">
            <h1 id="service-title">{service.name}</h1>
            <div className="service-detail__tools">
              <button
                type="button"
                className={`cat-round-button${favorite.isFavorite ? ' cat-round-button--on' : ''}`}
                aria-pressed={favorite.isFavorite}
                aria-label={favorite.isFavorite ? 'Remove from favorites' : 'Add to favorites'}
                disabled={favorite.pending}
                onClick={favorite.toggle}
              >
                <HeartIcon size={20} filled={favorite.isFavorite} />
              </button>
              <button
                type="button"
                className="cat-round-button"
                aria-label="Share"
                onClick={() => void shareCurrentPage(service.name)}
              >
                <ShareIcon size={20} />
              </button>
            </div>
          </div>
          <RatingLine rating={service.rating} />
          {service.description && <p className="service-detail__description">{service.description}</p>}

          <fieldset className="pricing-options">
            <legend>Choose a duration</legend>
            {service.pricing.map((option, index) => (
              <label
                key={option._id ?? index}
                className={`pricing-option${index === optionIndex ? ' pricing-option--selected' : ''}`}
              >
                <input
                  type="radio"
                  name="pricing"
                  value={option._id ?? String(index)}
                  checked={index === optionIndex}
                  onChange={() => setOptionIndex(index)}
                />
                <span className="pricing-option__name">{option.label || option.duration}</span>
                <span className="pricing-option__time">
                  <ClockIcon size={15} /> {formatDuration(option.durationMinutes)}
                </span>
                <strong className="pricing-option__price">{formatINR(option.price)}</strong>
              </label>
            ))}
          </fieldset>
          <button type="button" className="btn btn--primary service-detail__book" onClick={book}>
            Book Appointment
          </button>

          <Benefits benefits={service.benefits} />

          {service.tags.length > 0 && (
            <ul className="cat-tags" aria-label="Tags">
              {service.tags.map((tag) => (
                <li key={tag}>#{tag}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <ReviewsSection kind="service" id={service._id} />
    </article>
  );
}

export default function ServiceDetailPage() {
  const { id } = useParams();
  const service = useService(id);
  const notFound =
    isApiError(service.error) && (service.error.status === 404 || service.error.status === 400);

  useEffect(() => {
    if (service.error && !notFound) toast.error('Failed to load service details');
  }, [service.error, notFound]);

  if (service.isPending) return <PageLoader />;
  if (service.data) return <ServiceView key={service.data._id} service={service.data} />;
  return (
    <section className="container service-detail">
      <PageTitle title="Service Not Found" />
      <EmptyState
        title={notFound ? 'Service Not Found' : 'Failed to load service details'}
        message={notFound ? 'This treatment is no longer on our menu.' : 'Please try again in a moment.'}
      >
        <Link className="btn btn--primary" to={`${paths.home}#services`}>
          Back to Services
        </Link>
      </EmptyState>
    </section>
  );
}
