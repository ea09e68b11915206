import { useRef, type ReactNode } from 'react';
import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons';
import './carousel.css';

/** Spec section 9: each arrow click scrolls the list by 300 pixels. */
const CAROUSEL_STEP_PX = 300;

interface CarouselTrackProps {
  /** Names the list, e.g. "Services". */
  label: string;
  children: ReactNode;
}

/** A horizontally scrollable list of cards with previous and next arrows. */
export function CarouselTrack({ label, children }: CarouselTrackProps) {
  const trackRef = useRef<HTMLUListElement>(null);
  const scrollBy = (direction: -1 | 1) =>
    trackRef.current?.scrollBy({ left: direction * CAROUSEL_STEP_PX, behavior: 'smooth' });

  return (
    <div className="cat-carousel">
      <button
        type="button"
        className="cat-carousel__arrow cat-carousel__arrow--prev"
        aria-label={`Scroll ${label.toLowerCase()} left`}
        onClick={() => scrollBy(-1)}
      >
        <ArrowLeftIcon size={20} />
      </button>
      <ul ref={trackRef} className="cat-carousel__track" aria-label={label}>
        {children}
      </ul>
      <button
        type="button"
        className="cat-carousel__arrow cat-carousel__arrow--next"
        aria-label={`Scroll ${label.toLowerCase()} right`}
        onClick={() => scrollBy(1)}
      >
        <ArrowRightIcon size={20} />
      </button>
    </div>
  );
}

/** Placeholder cards while the list loads. */
export function CarouselSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ul className="cat-carousel__track cat-carousel__track--loading" aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="carousel-card carousel-card--skeleton" aria-hidden="true">
          <div className="carousel-card__media" />
          <div className="carousel-card__body">
            <span className="cat-skeleton-line" />
            <span className="cat-skeleton-line cat-skeleton-line--short" />
          </div>
        </li>
      ))}
    </ul>
  );
}
