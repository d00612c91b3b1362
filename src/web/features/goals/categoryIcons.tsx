import { Brain, Compass, DollarSign, Heart, House, MapPin, Palette, Target, Users, type LucideIcon } from 'lucide-react'

/**
 * The goal categories' icons by their stored Lucide names (docs/product.md#goals). Only these eight are imported: the
 * whole icon set would weigh down every screen.
 */
const CATEGORY_ICONS: Record<string, LucideIcon> = { Heart, Brain, DollarSign, Users, Palette, Compass, MapPin, Home: House }

export function CategoryIcon({ name, className = 'size-5' }: { name: string; className?: string }) {
  const Icon = CATEGORY_ICONS[name] ?? Target
  return <Icon aria-hidden="true" className={className} />
}
