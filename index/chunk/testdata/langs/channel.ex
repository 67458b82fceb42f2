defmodule Billing.Channel do
  @moduledoc """
  Pushes payment events to subscribers.
  """

  use GenServer
  alias Billing.{Ledger, Payment}

  @doc """
  Starts the channel.
  """
  @spec start_link(keyword) :: GenServer.on_start()
  def start_link(opts) do
    GenServer.start_link(__MODULE__, opts, name: __MODULE__)
  end

  @impl true
  def handle_call({:retry, id}, _from, state) do
    result = Ledger.retry(id)
    {:reply, result, state}
  end

  def valid?(%Payment{amount: a}), do: a > 0

  @doc """
  Waits before the next attempt.
  """
  defp backoff(n) do
    """
    def not_a_function do
    end
    """
    :timer.sleep(100 * n)
  end
end

defprotocol Billing.Notifier do
  # Sends one notice.
  def notify(target, message)
end
