import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ProductsCarousel } from './products-carousel';

export function ProductsSection() {
  return (
    <section id="products" className="home-section" aria-labelledby="products-title">
      <div className="container">
        <ProductsCarousel
          title="Our Products"
          intro="Take the calm home with the oils, skin care and gifts our therapists trust."
        />
        <div className="home-section__footer">
          <p className="muted">Browse every product, with prices and stock, in our online store.</p>
          <Link className="btn btn--secondary" to={paths.store}>
            Visit the store
          </Link>
        </div>
      </div>
    </section>
  );
}
