import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { formatINR } from '../../lib/format';
import { ImageWithFallback } from '../../components/ui/image-with-fallback';
import type { Product } from '../catalogue/types';

/** A product in the home carousel: picture, name, description, price, stock, Order and View. */
export function ProductCard({ product }: { product: Product }) {
  return (
    <li className="carousel-card carousel-card--product">
      <ImageWithFallback className="carousel-card__media" src={product.images[0]} alt={product.name} />
      <div className="carousel-card__body">
        <h3 className="carousel-card__title">{product.name}</h3>
        {product.description && <p className="carousel-card__text">{product.description}</p>}
        <div className="carousel-card__meta">
          <strong className="carousel-card__price">{formatINR(product.price)}</strong>
          <span className="muted">Stock: {product.stock}</span>
        </div>
        <div className="carousel-card__actions">
          <Link className="btn btn--primary btn--sm" to={paths.store}>
            Order
          </Link>
          <Link
            className="btn btn--secondary btn--sm"
            to={paths.product(product._id)}
            aria-label={`View ${product.name}`}
          >
            View
          </Link>
        </div>
      </div>
    </li>
  );
}
