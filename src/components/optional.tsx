import { Component, type ReactNode } from 'react'

/**
 * A part of the page that may fail without breaking the page, such as a lazy chunk missing after a
 * deploy. It then renders nothing, logs why and calls `onError`.
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
