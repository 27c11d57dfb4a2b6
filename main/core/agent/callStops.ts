/**
 * The tool calls running now, each with a way to stop it alone (the contract's agent.stopCall): the
 * call's own signal aborts — a command's process group is killed — and the run goes on; the model
 * reads that the user stopped that call. Stopping the whole run is the run's signal (agent.stop).
 */
export class CallStops {
  private readonly calls = new Map<string, { conversationId: string; stop: () => void }>();

  /** Registers a running call; the returned function unregisters it (when the call ends). */
  register(callId: string, conversationId: string, stop: () => void): () => void {
    const entry = { conversationId, stop };
    this.calls.set(callId, entry);
    return () => {
      if (this.calls.get(callId) === entry) this.calls.delete(callId);
    };
  }

  /** Stops the call if it runs in that conversation; false when it does not (ended, or another's). */
  stop(conversationId: string, callId: string): boolean {
    const c = this.calls.get(callId);
    if (!c || c.conversationId !== conversationId) return false;
    c.stop();
    return true;
  }
}
