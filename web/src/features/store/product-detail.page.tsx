import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ArrowLeftIcon, HeartIcon, ShareIcon } from '../../components/icons';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { isApiError } from '../../lib/api';
import { formatINR } from '../../lib/format';
import { useSessionStore } from '../../stores/session.store';
import { toast } from '../../stores/toast.store';
import { useProduct } from '../catalogue/catalogue.queries';
import { EmptyState } from '../../components/ui/empty-state';
import { ImageWithFallback } from '../../components/ui/image-with-fallback';
import { isLowStock } from '../catalogue/product-lists';
import { shareCurrentPage } from '../catalogue/share';
import { refName, type Product } from '../catalogue/types';
import { ReviewsSection } from '../reviews/review-list';
import { RatingLine } from '../reviews/stars';
import { useAddToCart } from './add-to-cart';
import { QuantityStepper } from './quantity-stepper';
import { useWishlist } from './wishlist';
import '../../components/ui/badge.css';
import '../catalogue/detail.css';
import './product-detail.css';

function Gallery({ product }: { product: Product }) {
  const [selected, setSelected] = useState(0);
  const images = product.images;
  return (
    <div className="cat-gallery">
      <ImageWithFallback
        className="cat-gallery__main"
        src={images[selected] ?? images[0]}
        alt={product.name}
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

function ProductDetails({ product }: { product: Product }) {
  const subcategory = refName(product.subcategory);
  const weight =
    product.weight === null || product.weight === undefined || product.weight === '' ? 'N/A' : product.weight;
  return (
    <dl className="product-facts">
      <div>
        <dt>Category</dt>
        <dd>{refName(product.productCategory) ?? 'N/A'}</dd>
      </div>
      {subcategory && (
        <div>
          <dt>Subcategory</dt>
          <dd>{subcategory}</dd>
        </div>
      )}
      <div>
        <dt>SKU</dt>
        <dd>{product.sku || 'N/A'}</dd>
      </div>
      <div>
        <dt>Weight</dt>
        <dd>{weight}</dd>
      </div>
    </dl>
  );
}

function ProductView({ product }: { product: Product }) {
  const navigate = useNavigate();
  const user = useSessionStore((state) => (state.token ? state.user : null));
  const cart = useAddToCart();
  const wishlist = useWishlist(user?.id, product._id);
  const [quantity, setQuantity] = useState(1);
  const inStock = product.stock > 0;

  // The stock can drop below the chosen quantity after a refetch.
  if (inStock && quantity > product.stock) setQuantity(product.stock);

  const addToCart = async () => {
    if (await cart.add({ productId: product._id, quantity }))
      toast.success(`Added ${quantity} item(s) to cart`);
  };

  // Buy Now puts the chosen quantity in the cart and opens it, where the shopper reviews and checks out.
  const buyNow = async () => {
    if (await cart.add({ productId: product._id, quantity })) void navigate(paths.cart);
  };

  const toggleWishlist = () => {
    if (!user) {
      toast.error('Please login to add to wishlist');
      return;
    }
    toast.success(wishlist.toggle() ? 'Added to wishlist' : 'Removed from wishlist');
  };

  return (
    <article className="product-detail container" aria-labelledby="product-title">
      <PageTitle title={product.name} />
      <Link className="cat-back-link" to={paths.store}>
        <ArrowLeftIcon size={16} /> Back to store
      </Link>
      <div className="product-detail__layout">
        <Gallery product={product} />

        <div className="product-detail__info">
          <div className="product-detail__title-row">
            <h1 id="product-title">{product.name}</h1>
            <div className="product-detail__tools">
              <button
                type="button"
                className={`cat-round-button${wishlist.onList ? ' cat-round-button--on' : ''}`}
                aria-pressed={wishlist.onList}
                aria-label={wishlist.onList ? 'Remove from wishlist' : 'Add to wishlist'}
                onClick={toggleWishlist}
              >
                <HeartIcon size={20} filled={wishlist.onList} />
              </button>
              <button
                type="button"
                className="cat-round-button"
                aria-label="Share"
                onClick={() => void shareCurrentPage(product.name)}
              >
                <ShareIcon size={20} />
              </button>
            </div>
          </div>

          <RatingLine rating={product.rating} />
          <p className="product-detail__price">{formatINR(product.price)}</p>
          {isLowStock(product.stock) && (
            <span className="cat-badge cat-badge--warning">Only {product.stock} left!</span>
          )}
          {!inStock && <span className="cat-badge cat-badge--danger">Out of Stock</span>}

          {product.description && <p className="product-detail__description">{product.description}</p>}

          <div className="product-detail__buy">
            <div className="product-detail__quantity">
              <QuantityStepper value={quantity} max={Math.max(1, product.stock)} onChange={setQuantity} />
              <span className="muted">
                {inStock ? `${product.stock} available` : 'Currently unavailable'}
              </span>
            </div>
            <div className="product-detail__actions">
              <button
                type="button"
                className="btn btn--secondary"
                disabled={!inStock || cart.pending}
                onClick={() => void addToCart()}
              >
                Add to Cart
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={!inStock || cart.pending}
                onClick={() => void buyNow()}
              >
                Buy Now
              </button>
            </div>
          </div>

          <h2 className="product-detail__subheading">Details</h2>
          <ProductDetails product={product} />
        </div>
      </div>
      <ReviewsSection kind="product" id={product._id} />
    </article>
  );
}

export default function ProductDetailPage() {
  const { id } = useParams();
  const product = useProduct(id);
  const notFound =
    isApiError(product.error) && (product.error.status === 404 || product.error.status === 400);

  useEffect(() => {
    if (product.error && !notFound) toast.error('Failed to load product');
  }, [product.error, notFound]);

  if (product.isPending) return <PageLoader />;
  if (product.data) return <ProductView key={product.data._id} product={product.data} />;
  return (
    <section className="container product-detail">
      <PageTitle title="Product Not Found" />
      <EmptyState
        title={notFound ? 'Product Not Found' : 'Failed to load product'}
        message={notFound ? 'This product is no longer in our store.' : 'Please try again in a moment.'}
      >
        <Link className="btn btn--primary" to={paths.store}>
          Back to Store
        </Link>
      </EmptyState>
    </section>
  );
}
