import { useAnimate } from 'motion/react-mini'
import { useEffect, type CSSProperties } from 'react'
import { DIMENSION_INFO, DIMENSIONS } from '~/core/dimensions'
import { useReducedMotion } from '~/web/lib/reduced-motion'

/** A lit sphere: a bright highlight up and to the left, fading into the colour, with a soft halo around it. */
function orbStyle(color: string): CSSProperties {
  return {
    background: `radial-gradient(circle at 36% 30%, #ffffffee 0%, ${color} 32%, ${color}bb 62%, ${color}40 100%)`,
    boxShadow: `0 0 18px 2px ${color}66, 0 0 48px 8px ${color}26`,
  }
}

type OrbProps = {
  color: string
  className?: string
  /** Seconds; staggers the breathing so a group of orbs never pulses in step. */
  breatheDelay?: number
  /** A still orb, for places where many sit in a list and breathing would be busy. */
  still?: boolean
}

/**
 * A single decorative orb that slowly breathes. The mini (Web Animations) animator keeps the landing's
 * first load small and runs on the compositor; with reduced motion the orb stays still.
 */
export function Orb({ color, className = '', breatheDelay = 0, still = false }: OrbProps) {
  const reduceMotion = useReducedMotion()
  const [scope, animate] = useAnimate<HTMLSpanElement>()

  useEffect(() => {
    const element = scope.current
    // Without the Web Animations API (older browsers, test DOMs) the orb simply stays still.
    if (still || reduceMotion || !element || typeof element.animate !== 'function') return
    const breathing = animate(
      element,
      { transform: ['translateY(0) scale(1)', 'translateY(-5px) scale(1.06)', 'translateY(0) scale(1)'] },
      { duration: 6, ease: 'easeInOut', repeat: Infinity, delay: breatheDelay },
    )
    return () => breathing.stop()
  }, [scope, animate, still, reduceMotion, breatheDelay])

  return <span ref={scope} aria-hidden="true" className={`block rounded-full ${className}`} style={orbStyle(color)} />
}

type DimensionOrbsProps = {
  /** 'orbit' spreads the orbs on a circle filling the nearest positioned ancestor; 'grid' flows them in rows. */
  layout: 'orbit' | 'grid'
  showLabels?: boolean
  className?: string
}

const ORBIT_RADIUS_PERCENT = 40

function orbitPosition(index: number): CSSProperties {
  const angle = -Math.PI / 2 + (index * 2 * Math.PI) / DIMENSIONS.length
  return {
    left: `${50 + ORBIT_RADIUS_PERCENT * Math.cos(angle)}%`,
    top: `${50 + ORBIT_RADIUS_PERCENT * Math.sin(angle)}%`,
  }
}

/**
 * The seven dimensions as glowing orbs, rising into view one after another when mounted
 * (a CSS @starting-style transition, which reduced motion turns off).
 */
export function DimensionOrbs({ layout, showLabels = false, className = '' }: DimensionOrbsProps) {
  const orbit = layout === 'orbit'
  return (
    <ul
      aria-hidden={showLabels ? undefined : true}
      aria-label={showLabels ? 'The seven dimensions' : undefined}
      className={
        orbit ? `absolute inset-0 ${className}` : `flex flex-wrap justify-center gap-x-6 gap-y-5 sm:gap-x-8 ${className}`
      }
    >
      {DIMENSIONS.map((dimension, index) => {
        const { label, color } = DIMENSION_INFO[dimension]
        return (
          <li
            key={dimension}
            className={`transition duration-1000 ease-out motion-reduce:transition-none starting:scale-50 starting:opacity-0 ${
              orbit
                ? 'absolute size-11 -translate-x-1/2 -translate-y-1/2 sm:size-14'
                : 'flex w-16 flex-col items-center gap-2 sm:w-20'
            }`}
            style={{ ...(orbit ? orbitPosition(index) : undefined), transitionDelay: `${index * 140}ms` }}
          >
            <span className={`relative block ${orbit ? 'size-full' : 'size-12 sm:size-14'}`}>
              <Orb color={color} className="size-full" breatheDelay={index * 0.7} />
            </span>
            {showLabels && (
              <span
                className={`text-center text-xs leading-tight text-mist sm:text-sm ${
                  orbit ? 'absolute top-full left-1/2 mt-2 -translate-x-1/2 whitespace-nowrap' : ''
                }`}
              >
                {label}
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}
