import type { Language } from './constants';

/** What the name of a material needs: the English name, and the Hindi one where known. */
export interface NamedMaterial {
  name: string;
  name_hi?: string | null | undefined;
}

/**
 * A material as a reader of `language` names it (design.md section 23): in Hindi its Hindi
 * name when it has one, else (and in English) its name.
 */
export function materialName(material: NamedMaterial, language: Language): string {
  return language === 'hi' && material.name_hi ? material.name_hi : material.name;
}
