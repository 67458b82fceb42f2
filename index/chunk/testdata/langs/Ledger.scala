package billing.ledger

import scala.concurrent.duration._
import billing.{Card, Payment}

/** Keeps the balance of every account. */
final class Ledger(store: Store) {
  private val sums = collection.mutable.Map.empty[String, Long]

  /** Records a payment. */
  def record(p: Payment): Unit = {
    val old = sums.getOrElse(p.account, 0L)
    sums(p.account) = old + p.amount
  }

  val listener = new Listener {
    def onEvent(e: Event): Unit = record(e.payment)
  }

  def balance(account: String): Long =
    sums.getOrElse(account, 0L)
}

object Ledger {
  def apply(): Ledger = new Ledger(Store.memory)
}

case class Entry(account: String, amount: Long)

trait Store:
  def load(account: String): Long
  def save(account: String, amount: Long): Unit
end Store

def retryDelay(n: Int): FiniteDuration =
  val base = 100.millis
  base * math.pow(2, n).toLong
