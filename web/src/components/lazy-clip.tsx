import { useEffect, useRef, useState, type ReactNode } from 'react';

/** A clip loads once it comes within 150 px of the viewport. */
const CLIP_LAZY_MARGIN_PX = 150;

/** Mounts its children only once scrolled within the margin, then keeps them. */
export function LazyMount({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const element = anchor.current;
    if (visible || !element) return;
    if (typeof IntersectionObserver === 'undefined') return void setVisible(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), {
      rootMargin: `${CLIP_LAZY_MARGIN_PX}px 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <div ref={anchor} data-clip-state={visible ? 'loaded' : 'waiting'}>
      {visible ? children : placeholder}
    </div>
  );
}
