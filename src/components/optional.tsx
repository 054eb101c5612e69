import { Component, type ReactNode } from 'react'

/**
 * A part of the page that may fail without taking the page with it (a lazily loaded part whose
 * code could not be fetched, say after a deploy): it then renders nothing, says why in the
 * console and tells `onError`.
 */
export class Optional extends Component<
  { children: ReactNode; onError?: (error: unknown) => void },
  { failed: boolean }
> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch(error: unknown) {
    console.error(error)
    this.props.onError?.(error)
  }

  render() {
    return this.state.failed ? null : this.props.children
  }
}
