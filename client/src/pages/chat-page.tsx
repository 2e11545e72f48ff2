export function ChatPage() {
  return <main className="p-8">Chat</main>;
}
