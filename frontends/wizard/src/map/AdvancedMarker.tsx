import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useGoogleMap } from '@react-google-maps/api';

export interface AdvancedMarkerProps {
  position: google.maps.LatLngLiteral;
  /** The marker's accessible name (and tooltip). */
  title: string;
  zIndex?: number;
  onClick?: () => void;
  /** What the marker looks like (rendered by React into the marker's content element). */
  children: ReactNode;
}

/**
 * A google.maps.marker.AdvancedMarkerElement (the successor of the deprecated google.maps.Marker) on the map of
 * the enclosing <GoogleMap>, found through @react-google-maps/api's supported hook for custom map children
 * (useGoogleMap). Its content is a React portal; a click listener makes it clickable and reachable by keyboard.
 * The map needs a map ID and the "marker" library (both given where the map is loaded).
 */
export function AdvancedMarker({ position, title, zIndex, onClick, children }: AdvancedMarkerProps) {
  const map = useGoogleMap();
  const [content] = useState(() => document.createElement('div'));
  const marker = useRef<google.maps.marker.AdvancedMarkerElement | null>(null);
  const click = useRef(onClick);
  click.current = onClick;

  useEffect(() => {
    if (!map) return;
    const element = new google.maps.marker.AdvancedMarkerElement({ map, position, title, content, zIndex: zIndex ?? null });
    const listener = element.addListener('click', () => click.current?.());
    marker.current = element;
    return () => {
      listener.remove();
      element.map = null;
      marker.current = null;
    };
    // The element is made once per map; later changes are applied below.
  }, [map]);

  useEffect(() => {
    if (marker.current) marker.current.position = position;
  }, [position.lat, position.lng]);
  useEffect(() => {
    if (marker.current) marker.current.title = title;
  }, [title]);
  useEffect(() => {
    if (marker.current) marker.current.zIndex = zIndex ?? null;
  }, [zIndex]);

  return createPortal(children, content);
}
