import { registerLanguagePack } from '@/lib/language';

/** Every language but English arrives as one lazy pack, only for those who choose it (decision 023). */
export function registerLanguagePacks(): void {
  registerLanguagePack('hi', () => import('./hindi-pack').then((module) => module.hindiPack));
}
