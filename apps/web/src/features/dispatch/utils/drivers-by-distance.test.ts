import { describe, expect, it } from 'vitest';
import { distanceKm } from '@app/shared/geo';
import type { DispatchDriver } from '@app/shared/schemas/dispatch';
import { driversByDistance } from './drivers-by-distance';

const store = { lat: 18.5204, lng: 73.8567 };
const driver = (driver_id: number, name: string, place: { lat: number; lng: number } | null): DispatchDriver => ({
  driver_id,
  name,
  position: place ? { ...place, accuracy_m: 10, at: '2026-12-06T07:00:00.000Z' } : null,
  orders: [],
});

describe('drivers by distance to a store', () => {
  const far = driver(1, 'Amit', { lat: 18.4575, lng: 73.8508 });
  const near = driver(2, 'Zubin', { lat: 18.5308, lng: 73.8475 });
  const unknownB = driver(3, 'Bela', null);
  const unknownA = driver(4, 'Anil', null);

  it('puts the nearest first by the straight line, and the drivers without a position after, by name', () => {
    const ranked = driversByDistance([unknownB, far, unknownA, near], store);
    expect(ranked.map((entry) => entry.driver.name)).toEqual(['Zubin', 'Amit', 'Anil', 'Bela']);
    expect(ranked[0]!.km).toBeCloseTo(distanceKm(near.position!, store), 9);
    expect(ranked[1]!.km).toBeCloseTo(distanceKm(far.position!, store), 9);
    expect(ranked.slice(2).map((entry) => entry.km)).toEqual([null, null]);
  });

  it('lists every driver by name when the store has no pin', () => {
    const ranked = driversByDistance([near, unknownB, far], null);
    expect(ranked.map((entry) => [entry.driver.name, entry.km])).toEqual([
      ['Amit', null],
      ['Bela', null],
      ['Zubin', null],
    ]);
  });

  it('keeps two drivers at the same place in a steady order', () => {
    const twin = driver(5, 'Asha', near.position);
    expect(driversByDistance([near, twin], store).map((entry) => entry.driver.driver_id)).toEqual([5, 2]);
  });
});
