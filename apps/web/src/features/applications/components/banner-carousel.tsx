// The sponsor dashboard's banner carousel (spec sections 2 and 9): three
// full-width rounded images, one per view, looping, no gap, with clickable
// pagination bullets (Swiper, with its accessibility module: each bullet is
// a button "Go to slide N").
import type { CSSProperties } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';
import './banner-carousel.css';
import { BANNER_CAROUSEL } from '@gets/schema';
import rewards from '../assets/banner-rewards.svg';
import review from '../assets/banner-review.svg';
import treasure from '../assets/banner-treasure.svg';

export const BANNER_SLIDES = [
  { src: rewards, alt: 'Reward what learners achieve: publish a badge backed by GETS' },
  { src: review, alt: 'Review applications together, with a single consent' },
  { src: treasure, alt: 'Grow the Community Treasure by staking GETS' },
] as const;

/** The bullets in the brand's colour instead of Swiper's blue. */
const BRAND_BULLETS = { '--swiper-theme-color': 'var(--color-brand-700)' } as CSSProperties;

export function BannerCarousel() {
  return (
    <section aria-label="Highlights">
      <Swiper
        modules={[Pagination, A11y]}
        slidesPerView={BANNER_CAROUSEL.perView}
        spaceBetween={BANNER_CAROUSEL.gapPx}
        loop={BANNER_CAROUSEL.loop}
        pagination={{ clickable: true }}
        a11y={{ paginationBulletMessage: 'Go to slide {{index}}' }}
        style={BRAND_BULLETS}
      >
        {BANNER_SLIDES.slice(0, BANNER_CAROUSEL.slides).map((slide) => (
          <SwiperSlide key={slide.src}>
            <img
              src={slide.src}
              alt={slide.alt}
              className="aspect-[15/4] w-full rounded-3xl object-cover"
            />
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
