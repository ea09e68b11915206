import { Link } from 'react-router-dom';
import { RatingLine } from '../reviews/stars';
import { paths } from '../../app/paths';
import { formatINR } from '../../lib/format';
import { ImageWithFallback } from '../../components/ui/image-with-fallback';
import type { Product } from '../catalogue/types';

interface StoreProductCardProps {
  product: Product;
  onAddToCart: (product: Product) => void;
  adding: boolean;
  /** The first cards are in the first screen: their pictures load at once, the very first one first. */
  position?: number;
}

/** A product in the store grid: picture, name, description, price, stock, Details and Add to Cart. */
export function StoreProductCard({ product, onAddToCart, adding, position = 99 }: StoreProductCardProps) {
  const outOfStock = product.stock <= 0;
  return (
    <li className="store-card">
      <Link className="store-card__media" to={paths.product(product._id)} tabIndex={-1} aria-hidden="true">
        <ImageWithFallback
          src={product.images[0]}
          alt=""
          loading={position < 2 ? 'eager' : 'lazy'}
          fetchPriority={position === 0 ? 'high' : undefined}
        />
        {outOfStock && <span className="store-card__badge">Out of Stock</span>}
      </Link>
      <div className="store-card__body">
        <h2 className="store-card__title">
          <Link to={paths.product(product._id)}>{product.name}</Link>
        </h2>
        <RatingLine rating={product.rating} size={14} />
        {product.description && <p className="store-card__text">{product.description}</p>}
        <div className="store-card__meta">
          <strong className="store-card__price">{formatINR(product.price)}</strong>
          <span className={outOfStock ? 'store-card__stock store-card__stock--out' : 'store-card__stock'}>
            Stock: {product.stock}
          </span>
        </div>
        <div className="store-card__actions">
          <Link
            className="btn btn--secondary btn--sm"
            to={paths.product(product._id)}
            aria-label={`Details of ${product.name}`}
          >
            Details
          </Link>
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={outOfStock || adding}
            onClick={() => onAddToCart(product)}
          >
            {/* The name says which product ("Add Lavender Oil to Cart") and starts with what is shown. */}
            {adding ? (
              'Adding…'
            ) : (
              <>
                Add<span className="visually-hidden"> {product.name}</span> to Cart
              </>
            )}
          </button>
        </div>
      </div>
    </li>
  );
}
