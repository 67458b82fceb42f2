package com.example.pay

import kotlin.math.max
import com.example.util.*

/** A payment. */
data class Payment(val amount: Int) {
    /** Charges it. */
    fun charge(gw: Gateway): String {
        return gw.send(this).id
    }
    companion object {
        fun zero() = Payment(0)
    }
}

interface Gateway {
    fun send(p: Payment): Receipt
}

object Registry {
    private var count = 0
    fun add(p: Payment) { count += p.amount }
}

enum class Status { OK, FAILED }

fun String.shout(): String = uppercase()

const val LIMIT = 10

typealias Id = String
