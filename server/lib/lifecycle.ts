/** Collects what must be stopped on shutdown (timers, pools) by the parts that started it. */
export class Lifecycle {
  private readonly stoppers: Array<() => Promise<void> | void> = [];

  onStop(stopper: () => Promise<void> | void) {
    this.stoppers.push(stopper);
  }

  async stop() {
    // Last started, first stopped.
    for (const stopper of this.stoppers.splice(0).reverse()) await stopper();
  }
}
