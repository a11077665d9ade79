// The sponsor dashboard's banner carousel (spec sections 2 and 9): three
// full-width rounded images, one per view, looping, no gap, with clickable
// pagination bullets (Swiper, with its accessibility module: each bullet is
// a button "Go to slide N"). Each slide's words are text over its picture,
// not part of it: drawn inside the picture they shrank with it to 8 px on a phone.
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
  {
    src: rewards,
    title: 'Reward what learners achieve',
    text: 'Publish a badge backed by GETS: every earner you approve claims the badge and its reward in one step.',
  },
  {
    src: review,
    title: 'Review applications together',
    text: 'Select several applications and approve or reject them with a single consent, recorded on chain.',
  },
  {
    src: treasure,
    title: 'Grow the Community Treasure',
    text: 'Stake GETS into the treasure and support the community that learns with your badges.',
  },
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
            <div className="relative flex min-h-44 w-full flex-col justify-center overflow-hidden rounded-3xl px-6 py-8 text-white sm:aspect-[15/4] sm:min-h-0 sm:px-12">
              <img src={slide.src} alt="" className="absolute inset-0 size-full object-cover" />
              {/* Not a <p>: a large bold line, axe takes it for a heading (p-as-heading). */}
              <div data-slide-words className="relative text-xl font-bold sm:text-3xl">
                {slide.title}
              </div>
              <p data-slide-words className="relative mt-2 max-w-2xl text-sm text-white sm:text-lg">
                {slide.text}
              </p>
            </div>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
