// The inner width of an element as it changes (a ResizeObserver on it); undefined until it is first measured.
import { useEffect, useRef, useState } from 'react';

export function useElementWidth<T extends HTMLElement>() {
  const [width, setWidth] = useState<number>();
  const box = useRef<T>(null);
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const observer = new ResizeObserver(() => setWidth(node.clientWidth));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { box, width };
}
